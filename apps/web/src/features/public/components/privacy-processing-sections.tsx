import '../public.css';

/** Privacy policy, sections 3 and 4: data we process, purposes and legal bases. */
export function PrivacyProcessingSections() {
  return (
    <>
      <section>
        <h2>3. Datos que tratamos</h2>
        <h3>Identificación y contacto</h3>
        <p>
          Nombre, apellidos, DNI, NIE o NIF, fecha de nacimiento, país y estado civil. Tu número de teléfono
          móvil, con el que te registras e inicias sesión mediante un código de un solo uso enviado por SMS.
        </p>
        <h3>Perfil de solvencia</h3>
        <p>
          Situación laboral (tipo de contrato y tramo de ingresos netos mensuales, o el salario neto que
          declares al ofertar), convivencia (número de personas y de hijos, mascotas, personas fumadoras) y la
          presentación que escribas sobre ti.
        </p>
        <h3>Documentos</h3>
        <p>
          Los documentos que decidas subir para respaldar tu solvencia, como nóminas, contrato de trabajo o
          declaración de la renta. Te pedimos que no incluyas datos que no sean necesarios, en especial datos
          de salud u otras categorías especiales.
        </p>
        <h3>Co-titulares y avalistas</h3>
        <p>
          Si añades a un co-titular o a un avalista, tratamos sus datos de identificación, su situación
          laboral y sus documentos. Antes de facilitárnoslos debes informarle y contar con su autorización; le
          aplicará esta misma política.
        </p>
        <h3>Inmuebles, anuncios, ofertas y contratos</h3>
        <p>
          Datos de las viviendas que publicas (dirección, características, fotografías y precio), de las
          ofertas y solicitudes de visita que envías o recibes (importe, forma de pago, importe de hipoteca,
          preaprobación, motivo de compra y estado) y de los contratos que se redactan y firman en Casaoferta.
        </p>
        <h3>Pagos</h3>
        <p>
          Los pagos con tarjeta los procesa un proveedor de pagos que convierte tu tarjeta en un identificador
          cifrado (token). Nosotros recibimos solo ese identificador y el resultado del pago:{' '}
          <strong>nunca almacenamos el número de tu tarjeta</strong>.
        </p>
        <h3>Uso del servicio y comunicaciones</h3>
        <p>
          Datos técnicos necesarios para la seguridad (dirección IP, fecha y hora de acceso, dispositivo), los
          mensajes que intercambies con nuestro equipo por WhatsApp y, solo si lo aceptas en la configuración
          de cookies, las páginas que visitas y grabaciones de tu sesión de navegación.
        </p>
      </section>

      <section>
        <h2>4. Finalidades y bases jurídicas</h2>
        <div className="public-table-wrap" tabIndex={0} role="region" aria-label="Tabla desplazable">
          <table className="public-table">
            <thead>
              <tr>
                <th scope="col">Para qué usamos tus datos</th>
                <th scope="col">Base jurídica (art. 6.1 RGPD)</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Crear y gestionar tu cuenta y permitirte iniciar sesión con tu móvil.</td>
                <td>Ejecución del contrato de uso del servicio (letra b).</td>
              </tr>
              <tr>
                <td>Publicar tus inmuebles y anuncios, y revisarlos antes de su publicación.</td>
                <td>Ejecución del contrato (letra b).</td>
              </tr>
              <tr>
                <td>
                  Enviar tus ofertas y solicitudes de visita y mostrar al propietario el resumen de tu
                  solvencia.
                </td>
                <td>
                  Ejecución del contrato y aplicación, a tu petición, de medidas precontractuales (letra b).
                </td>
              </tr>
              <tr>
                <td>Redactar y firmar el contrato de compraventa o de alquiler.</td>
                <td>Ejecución del contrato (letra b).</td>
              </tr>
              <tr>
                <td>
                  Cobrar la tarifa de los anuncios y cumplir nuestras obligaciones contables y fiscales.
                </td>
                <td>Ejecución del contrato (letra b) y obligación legal (letra c).</td>
              </tr>
              <tr>
                <td>Avisarte de novedades de tus ofertas, anuncios y contratos.</td>
                <td>Ejecución del contrato (letra b). Puedes ajustar los avisos en Configuración.</td>
              </tr>
              <tr>
                <td>Verificar usuarios, prevenir el fraude y bloquear cuentas fraudulentas.</td>
                <td>Interés legítimo en proteger a nuestros usuarios y a la plataforma (letra f).</td>
              </tr>
              <tr>
                <td>
                  Garantizar la seguridad y registrar las actuaciones de nuestro equipo de soporte cuando
                  actúa en nombre de un usuario.
                </td>
                <td>Interés legítimo (letra f) y obligación de seguridad del art. 32 RGPD (letra c).</td>
              </tr>
              <tr>
                <td>Atender tus consultas por el chat de WhatsApp.</td>
                <td>Ejecución del contrato (letra b) o tu consentimiento al escribirnos (letra a).</td>
              </tr>
              <tr>
                <td>Medir las páginas vistas (analítica propia).</td>
                <td>Consentimiento (letra a), que puedes retirar en cualquier momento.</td>
              </tr>
              <tr>
                <td>Grabar sesiones de navegación para mejorar la usabilidad.</td>
                <td>Consentimiento (letra a), que puedes retirar en cualquier momento.</td>
              </tr>
              <tr>
                <td>Atender requerimientos de jueces, tribunales y autoridades.</td>
                <td>Obligación legal (letra c).</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Cuando nos basamos en el interés legítimo, puedes oponerte en cualquier momento. No tomamos
          decisiones basadas únicamente en tratamientos automatizados que produzcan efectos jurídicos sobre
          ti: es siempre el propietario quien elige al candidato.
        </p>
      </section>
    </>
  );
}
