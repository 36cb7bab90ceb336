import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { company } from '../company';

const privacyMailto = `mailto:${company.privacyEmail}`;

/** Privacy policy, sections 5 to 12: recipients, retention, transfers, rights, AEPD, security, changes. */
export function PrivacyRightsSections() {
  return (
    <>
      <section>
        <h2>5. Quién puede ver tus datos</h2>
        <h3>Otros usuarios</h3>
        <ul>
          <li>
            El propietario de un anuncio solo ve el <strong>resumen de tu solvencia</strong> (situación
            laboral, convivencia, co-titulares, avalistas, documentación aportada y presentación) cuando haces
            una oferta o pides una visita en ese anuncio. Si no ofertas, no ve nada de tu perfil.
          </li>
          <li>
            Los datos de contacto de una parte solo se facilitan a la otra cuando es necesario para organizar
            una visita o formalizar el contrato.
          </li>
          <li>Quien firma un contrato contigo ve los datos que figuran en ese contrato.</li>
        </ul>
        <h3>Nuestro equipo de soporte</h3>
        <p>
          Los agentes de Casaoferta acceden a los datos necesarios para validar inmuebles y anuncios,
          verificar usuarios, prevenir fraudes y ayudarte cuando lo pides. Cuando un agente actúa en nombre de
          un usuario, cada acción queda registrada.
        </p>
        <h3>Proveedores que nos prestan servicios</h3>
        <p>
          Empresas de alojamiento y almacenamiento, envío de SMS y correo electrónico, mensajería y firma de
          contratos, que tratan los datos por nuestra cuenta y bajo contrato de encargo de tratamiento (art.
          28 RGPD). El proveedor de pagos trata los datos de tu tarjeta bajo su propia responsabilidad. Si nos
          escribes por WhatsApp, WhatsApp Ireland Limited trata tus mensajes según su propia política.
        </p>
        <h3>Autoridades</h3>
        <p>
          Jueces y tribunales, la Agencia Tributaria, las Fuerzas y Cuerpos de Seguridad y otras autoridades,
          cuando una ley nos obligue a ello.
        </p>
        <p>
          <strong>No vendemos tus datos</strong> ni los cedemos a colaboradores con fines comerciales sin tu
          consentimiento expreso.
        </p>
      </section>

      <section>
        <h2>6. Cuánto tiempo conservamos tus datos</h2>
        <ul>
          <li>Datos de la cuenta: mientras la mantengas activa.</li>
          <li>
            Perfil de solvencia y documentos: mientras los mantengas en tu perfil. Puedes borrar documentos o
            el perfil completo en cualquier momento.
          </li>
          <li>
            Anuncios, ofertas, contratos y pagos: durante la relación y, después, bloqueados durante los
            plazos en que puedan exigirse responsabilidades: 5 años para acciones civiles (art. 1964 del
            Código Civil), 6 años para la documentación mercantil (art. 30 del Código de Comercio) y 4 años
            para obligaciones fiscales (Ley General Tributaria).
          </li>
          <li>
            Datos de cuentas bloqueadas por fraude: el tiempo necesario para impedir nuevos fraudes y defender
            a los usuarios afectados, y como máximo mientras puedan ejercerse acciones legales derivadas.
          </li>
          <li>Analítica de páginas vistas: un máximo de 13 meses desde su recogida.</li>
          <li>Grabaciones de sesión: un máximo de 3 meses desde su recogida.</li>
        </ul>
        <p>
          Los datos bloqueados solo están a disposición de jueces, tribunales y autoridades competentes, como
          exige el art. 32 de la LOPDGDD. Pasados esos plazos, los suprimimos.
        </p>
      </section>

      <section>
        <h2>7. Transferencias internacionales</h2>
        <p>
          Como norma tratamos tus datos dentro del Espacio Económico Europeo. Si algún proveedor los tratara
          fuera de él, lo haremos solo con garantías adecuadas: una decisión de adecuación de la Comisión
          Europea (como el Marco de Privacidad de Datos UE-EE. UU. para empresas adheridas) o cláusulas
          contractuales tipo aprobadas por la Comisión. Puedes pedirnos una copia de esas garantías en{' '}
          <a href={privacyMailto}>{company.privacyEmail}</a>.
        </p>
      </section>

      <section>
        <h2>8. Tus derechos</h2>
        <p>En cualquier momento puedes ejercer, de forma gratuita, tus derechos de:</p>
        <ul>
          <li>
            <strong>Acceso</strong>: saber qué datos tuyos tratamos y obtener una copia.
          </li>
          <li>
            <strong>Rectificación</strong>: corregir datos inexactos o incompletos.
          </li>
          <li>
            <strong>Supresión</strong>: pedir que borremos tus datos cuando ya no sean necesarios.
          </li>
          <li>
            <strong>Oposición</strong>: oponerte a tratamientos basados en nuestro interés legítimo.
          </li>
          <li>
            <strong>Limitación</strong>: pedir que conservemos tus datos sin usarlos mientras se resuelve una
            reclamación.
          </li>
          <li>
            <strong>Portabilidad</strong>: recibir los datos que nos has dado en un formato estructurado y de
            uso común, o que los enviemos a otro responsable.
          </li>
          <li>
            <strong>Retirar tu consentimiento</strong>, sin que afecte a la licitud del tratamiento anterior.
          </li>
        </ul>
        <h3>Cómo ejercer tus derechos</h3>
        <p>
          Escríbenos a <a href={privacyMailto}>{company.privacyEmail}</a> o por correo postal a{' '}
          {company.legalName}, {company.address}, indicando el derecho que ejerces y el número de teléfono con
          el que usas Casaoferta. Si tenemos dudas razonables sobre tu identidad, podremos pedirte información
          adicional para confirmarla. Te responderemos en el plazo de un mes, ampliable en dos meses más en
          casos complejos, avisándote de ello.
        </p>
        <p>
          Muchos datos puedes corregirlos o borrarlos tú mismo desde tu perfil, y puedes cambiar tus
          preferencias de cookies con el botón «Configurar cookies» del pie de página (más información en la{' '}
          <Link to={paths.cookiesPolicy}>política de cookies</Link>).
        </p>
      </section>

      <section>
        <h2>9. Reclamación ante la AEPD</h2>
        <p>
          Si consideras que no hemos atendido bien tus derechos o que tratamos tus datos de forma incorrecta,
          puedes presentar una reclamación ante la Agencia Española de Protección de Datos (AEPD), C/ Jorge
          Juan, 6, 28001 Madrid, en su sede electrónica <a href="https://www.aepd.es">www.aepd.es</a>. Te
          agradeceremos que antes nos escribas, para intentar resolverlo.
        </p>
      </section>

      <section>
        <h2>10. Seguridad</h2>
        <p>
          Aplicamos medidas técnicas y organizativas adecuadas al riesgo: conexiones cifradas, inicio de
          sesión con códigos de un solo uso que caducan en pocos minutos, sesiones que se cierran en el
          servidor, control de acceso para que cada persona vea solo lo que le corresponde, registro de las
          actuaciones del equipo de soporte y pagos tokenizados por el proveedor. Si se produjera una brecha
          de seguridad que supusiera un alto riesgo para ti, te lo comunicaríamos sin dilación.
        </p>
      </section>

      <section>
        <h2>11. Menores de edad</h2>
        <p>
          Casaoferta está dirigido a mayores de 18 años. No tratamos a sabiendas datos de menores; si
          detectamos una cuenta de un menor, la cancelaremos.
        </p>
      </section>

      <section>
        <h2>12. Cambios en esta política</h2>
        <p>
          Podemos actualizar esta política para reflejar cambios legales o del servicio. La fecha de la última
          actualización aparece al principio. Si los cambios son importantes, te avisaremos en la aplicación
          antes de que se apliquen.
        </p>
      </section>
    </>
  );
}
