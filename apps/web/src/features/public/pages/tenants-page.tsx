import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useDocumentTitle } from '../../../shared/use-document-title';
import '../public.css';

export function TenantsPage() {
  useDocumentTitle('Inquilinos y compradores');

  return (
    <div className="page">
      <section className="hero">
        <h1 className="hero__title">Haz tu oferta por la casa que quieres</h1>
        <p className="hero__lead">
          En Casaoferta no esperas a que te llamen: propones el precio que consideras justo, muestras tu
          solvencia una sola vez y sigues tu candidatura en tiempo real. Para inquilinos y compradores es
          gratis.
        </p>
        <div className="public-actions">
          <Link className="btn btn--primary" to={paths.properties}>
            Ver inmuebles
          </Link>
          <Link className="btn btn--ghost" to={`${paths.login}?register=true`}>
            Regístrate gratis
          </Link>
        </div>
      </section>

      <section className="section">
        <h2>Cómo conseguir tu vivienda</h2>
        <ol className="public-steps">
          <li>
            <strong>Encuentra una vivienda.</strong> Busca entre pisos y casas en venta, alquileres completos
            y habitaciones. Todos los anuncios los ha revisado nuestro equipo antes de publicarse.
          </li>
          <li>
            <strong>Haz tu oferta o pide una visita.</strong> Ves el precio publicado y la oferta más alta.
            Ajusta tu importe con los botones de más y menos: en alquiler, de 10 en 10 €/mes; en venta, de 250
            en 250 €.
          </li>
          <li>
            <strong>Completa tu perfil de solvencia.</strong> Si aún no lo tienes, te lo pedimos en el momento
            de ofertar, en tres pasos: situación laboral, datos personales y convivencia.
          </li>
          <li>
            <strong>Sigue el proceso.</strong> En «Ofertas realizadas» ves el estado de cada oferta al
            momento: enviada, seleccionada, no seleccionada o finalizada.
          </li>
          <li>
            <strong>Firma el contrato en línea.</strong> Si el propietario te elige, completas tus datos en el
            contrato y lo firmas desde Casaoferta.
          </li>
        </ol>
      </section>

      <section className="section">
        <h2>Oferta de precio o solicitud de visita</h2>
        <div className="grid-3">
          <article className="card">
            <h3>Oferta en alquiler</h3>
            <p>
              Propón una renta mensual (€/mes) entre un 50&nbsp;% por debajo y un 50&nbsp;% por encima del
              precio de referencia: el mayor entre el precio publicado y la oferta más alta.
            </p>
          </article>
          <article className="card">
            <h3>Oferta de compra</h3>
            <p>
              Indica el importe, si pagarás al contado o con hipoteca, el importe de la hipoteca, si la tienes
              preaprobada y el motivo de la compra. Cuanto más claro, más fácil es que te elijan.
            </p>
          </article>
          <article className="card">
            <h3>Solicitud de visita</h3>
            <p>
              Si prefieres ver la vivienda antes de ofertar, o el anuncio solo admite visitas, pide una
              visita. También la acompañas de tus datos para que el propietario pueda valorarla.
            </p>
          </article>
        </div>
        <p className="muted">
          Puedes modificar o retirar tu oferta mientras el anuncio siga recibiendo ofertas.
        </p>
      </section>

      <section className="section">
        <h2>Tu perfil de solvencia</h2>
        <p>
          Lo rellenas una vez y te sirve para todas tus ofertas. El propietario solo ve un resumen cuando
          haces una oferta en su anuncio.
        </p>
        <div className="grid-3">
          <article className="card">
            <h3>Sobre ti</h3>
            <p>Nombre, apellidos, fecha de nacimiento, país, estado civil y tu DNI, NIE o NIF.</p>
          </article>
          <article className="card">
            <h3>Situación laboral</h3>
            <p>Tipo de contrato y tramo de ingresos netos mensuales.</p>
          </article>
          <article className="card">
            <h3>Convivencia</h3>
            <p>Cuántas personas vivirán contigo, cuántos niños, y si hay mascotas o personas fumadoras.</p>
          </article>
          <article className="card">
            <h3>Documentación</h3>
            <p>
              Nóminas, contrato de trabajo u otros justificantes que respaldan lo que declaras. Puedes
              borrarlos cuando quieras.
            </p>
          </article>
          <article className="card">
            <h3>Presentación</h3>
            <p>Unas líneas sobre ti y sobre por qué buscas casa. Es lo primero que humaniza tu oferta.</p>
          </article>
        </div>
      </section>

      <section className="section">
        <h2>Co-titulares y avalistas</h2>
        <h3>Co-titulares</h3>
        <p>
          Si vas a firmar el contrato con otra persona, por ejemplo tu pareja o un compañero de piso, añádela
          como co-titular con su situación laboral y sus datos personales. Sus ingresos y los tuyos se valoran
          juntos.
        </p>
        <h3>Avalistas</h3>
        <p>
          Un avalista es alguien que responde del pago si tú no pudieras hacerlo. Añadirlo refuerza tu
          candidatura, sobre todo si tus ingresos son recientes o variables.
        </p>
        <p className="muted">
          Antes de añadir a un co-titular o avalista, cuéntale que lo haces y pídele su permiso: sus datos
          también formarán parte de tus ofertas.
        </p>
      </section>

      <section className="section">
        <h2>Consejos para que te elijan</h2>
        <ul>
          <li>Completa el perfil al 100&nbsp;% antes de ofertar: un perfil incompleto resta confianza.</li>
          <li>
            Sube documentos que respalden tus ingresos; un dato declarado pesa menos que uno justificado.
          </li>
          <li>Haz una oferta realista: la más baja rara vez gana y la más alta no siempre es la elegida.</li>
          <li>
            Escribe una presentación breve y sincera: quién eres, con quién vivirás y cuándo puedes entrar.
          </li>
          <li>Si tus ingresos no bastan por sí solos, suma un co-titular o un avalista.</li>
          <li>
            Desconfía de quien te pida dinero fuera de Casaoferta antes de firmar; avísanos por el chat.
          </li>
        </ul>
        <p>
          ¿Tienes dudas? Lee <Link to={paths.about}>cómo funciona Casaoferta</Link> o escríbenos por WhatsApp
          desde el botón de chat.
        </p>
        <div className="public-actions">
          <Link className="btn btn--primary" to={paths.properties}>
            Ver inmuebles
          </Link>
          <Link className="btn btn--secondary" to={`${paths.login}?register=true`}>
            Regístrate gratis
          </Link>
        </div>
      </section>
    </div>
  );
}

export default TenantsPage;
