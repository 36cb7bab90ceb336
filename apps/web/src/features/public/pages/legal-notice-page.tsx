import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { company } from '../company';
import { useDocumentTitle } from '../../../shared/use-document-title';

export function LegalNoticePage() {
  useDocumentTitle('Aviso legal');

  return (
    <article className="page page-narrow prose">
      <h1>Aviso legal</h1>
      <p className="muted">Última actualización: {company.lastUpdated}</p>

      <section>
        <h2>1. Datos identificativos</h2>
        <p>
          En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de Servicios de la Sociedad de la
          Información y de Comercio Electrónico (LSSI-CE), te informamos de que el titular de este sitio web y
          de la aplicación Casaoferta es:
        </p>
        <ul>
          <li>Denominación social: {company.legalName}</li>
          <li>CIF: {company.taxId}</li>
          <li>Domicilio social: {company.address}</li>
          <li>Datos registrales: inscrita en el {company.registry}</li>
          <li>
            Correo electrónico de contacto:{' '}
            <a href={`mailto:${company.contactEmail}`}>{company.contactEmail}</a>
          </li>
          <li>Sitio web: {company.website}</li>
        </ul>
      </section>

      <section>
        <h2>2. Objeto</h2>
        <p>
          Casaoferta es una plataforma en línea que pone en contacto a propietarios que quieren vender o
          alquilar una vivienda, completa o por habitaciones, con personas interesadas en comprarla o
          alquilarla. Los interesados pueden enviar ofertas de precio o solicitar visitas; los propietarios
          pueden comparar candidaturas, elegir a la persona con la que cerrar la operación y redactar y firmar
          el contrato en línea. El servicio se cobra al propietario mediante una tarifa por anuncio.
        </p>
        <p>
          Casaoferta actúa como intermediario tecnológico: no es parte en las compraventas ni en los
          alquileres que se acuerdan entre usuarios, ni es propietaria de los inmuebles anunciados.
        </p>
      </section>

      <section>
        <h2>3. Condiciones de uso</h2>
        <p>
          El acceso a las páginas públicas es libre. Para publicar anuncios, hacer ofertas o firmar contratos
          es necesario registrarse con un número de teléfono móvil, que se verifica con un código enviado por
          SMS, y ser mayor de 18 años. Al usar Casaoferta te comprometes a:
        </p>
        <ul>
          <li>
            Facilitar datos verdaderos, exactos y actualizados, propios o de terceros que te hayan autorizado.
          </li>
          <li>
            Publicar solo inmuebles de los que seas propietario o sobre los que tengas facultad para venderlos
            o alquilarlos, con información y fotografías que correspondan a la realidad.
          </li>
          <li>
            Hacer ofertas serias, con intención real de comprar o alquilar en las condiciones ofrecidas.
          </li>
          <li>
            No suplantar a otras personas, no pedir pagos fuera de la plataforma antes de la firma y no usar
            el servicio con fines fraudulentos, ilícitos o contrarios a la buena fe.
          </li>
          <li>
            No interferir en el funcionamiento técnico del servicio ni acceder a datos de otros usuarios.
          </li>
        </ul>
        <p>
          Nuestro equipo revisa cada inmueble y cada anuncio antes de publicarlo y puede rechazarlo indicando
          el motivo. Podemos verificar la identidad de los usuarios y bloquear las cuentas que incumplan estas
          condiciones: al bloquear una cuenta, sus anuncios se finalizan y sus ofertas se retiran.
        </p>
      </section>

      <section>
        <h2>4. Responsabilidad</h2>
        <p>
          Revisamos los anuncios, pero la veracidad de la información que publican los usuarios, y de los
          datos de solvencia que declaran, es responsabilidad de quien la facilita. Conforme a los artículos
          16 y 17 de la LSSI-CE, Casaoferta no responde de los contenidos de terceros salvo que, teniendo
          conocimiento efectivo de su ilicitud, no actúe con diligencia para retirarlos. Si detectas un
          contenido ilícito o un posible fraude, avísanos por el chat o en{' '}
          <a href={`mailto:${company.contactEmail}`}>{company.contactEmail}</a>.
        </p>
        <p>
          Los acuerdos de compraventa o alquiler se celebran entre los usuarios, que responden de su
          cumplimiento. Procuramos que el servicio esté disponible de forma continua, pero no podemos
          garantizar la ausencia de interrupciones por mantenimiento, causas técnicas o fuerza mayor.
        </p>
      </section>

      <section>
        <h2>5. Propiedad intelectual e industrial</h2>
        <p>
          La marca Casaoferta, el diseño del sitio, el código fuente, los textos y los demás elementos propios
          pertenecen a {company.legalName} o a sus licenciantes. No está permitido reproducirlos,
          distribuirlos ni transformarlos sin autorización, salvo para el uso personal del servicio.
        </p>
        <p>
          Los usuarios conservan los derechos sobre las fotografías y textos de sus anuncios, y nos conceden
          una licencia gratuita y no exclusiva para mostrarlos en Casaoferta mientras el anuncio esté
          publicado. Quien los sube garantiza que tiene derecho a hacerlo.
        </p>
      </section>

      <section>
        <h2>6. Enlaces</h2>
        <p>
          Casaoferta puede incluir enlaces a sitios de terceros, como el chat de WhatsApp o la pasarela de
          pago. No controlamos esos sitios ni respondemos de sus contenidos o de sus políticas, que te
          recomendamos revisar. Si quieres enlazar a Casaoferta desde otro sitio, el enlace debe llevar a
          nuestras páginas sin reproducirlas ni dar a entender una relación que no existe.
        </p>
      </section>

      <section>
        <h2>7. Protección de datos y cookies</h2>
        <p>
          El tratamiento de tus datos personales se explica en la{' '}
          <Link to={paths.privacyPolicy}>política de privacidad</Link>, y el uso de almacenamiento local y
          cookies en la <Link to={paths.cookiesPolicy}>política de cookies</Link>.
        </p>
      </section>

      <section>
        <h2>8. Legislación aplicable y jurisdicción</h2>
        <p>
          Este aviso legal se rige por la legislación española. Para cualquier controversia, si eres
          consumidor, serán competentes los juzgados y tribunales de tu domicilio, conforme a la normativa de
          consumidores y usuarios. En los demás casos, las partes se someten a los juzgados y tribunales de la
          ciudad de Madrid.
        </p>
      </section>
    </article>
  );
}

export default LegalNoticePage;
