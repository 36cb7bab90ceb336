import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useDocumentTitle } from '../../../shared/use-document-title';
import '../public.css';

export function AboutPage() {
  useDocumentTitle('Qué es Casaoferta');

  return (
    <div className="page">
      <section className="hero">
        <h1 className="hero__title">Qué es Casaoferta y cómo funciona</h1>
        <p className="hero__lead">
          Casaoferta es un portal de compraventa y alquiler de viviendas en el que el precio se acuerda con
          ofertas a la vista. Los propietarios publican su casa y reciben ofertas; inquilinos y compradores
          ofrecen lo que consideran justo y demuestran su solvencia con un perfil completo.
        </p>
        <div className="public-actions">
          <Link className="btn btn--primary" to={paths.properties}>
            Ver inmuebles
          </Link>
          <Link className="btn btn--secondary" to={paths.newProperty()}>
            Publica tu anuncio
          </Link>
          <Link className="btn btn--ghost" to={`${paths.login}?register=true`}>
            Regístrate gratis
          </Link>
        </div>
      </section>

      <section className="section">
        <h2>Una plataforma, dos lados</h2>
        <div className="grid-3">
          <article className="card">
            <h3>Si tienes una vivienda</h3>
            <p>
              Publícala para venderla, para alquilarla completa o para alquilarla por habitaciones. Recibes
              ofertas de personas con perfil de solvencia, las comparas y eliges tú.
            </p>
            <Link to={paths.owners}>Ver cómo funciona para propietarios</Link>
          </article>
          <article className="card">
            <h3>Si buscas casa</h3>
            <p>
              Encuentra una vivienda en venta o en alquiler, haz tu oferta de precio o pide una visita, y
              sigue en tiempo real en qué punto está tu candidatura.
            </p>
            <Link to={paths.tenants}>Ver cómo funciona para inquilinos y compradores</Link>
          </article>
          <article className="card">
            <h3>En los dos papeles</h3>
            <p>
              Con una misma cuenta puedes ser propietario en un anuncio e inquilino o comprador en otro. Tu
              papel depende de cada anuncio, no de tu cuenta.
            </p>
            <Link to={paths.partners}>¿Eres un profesional? Colabora con nosotros</Link>
          </article>
        </div>
      </section>

      <section className="section">
        <h2>Cómo funciona, paso a paso</h2>
        <ol className="public-steps">
          <li>
            <strong>El propietario publica su vivienda.</strong> Describe el inmueble, añade fotos e indica el
            precio de venta o el alquiler mensual (€/mes).
          </li>
          <li>
            <strong>Nuestro equipo lo revisa.</strong> Ningún inmueble ni anuncio se publica sin que un agente
            de Casaoferta lo haya validado.
          </li>
          <li>
            <strong>Los interesados hacen su oferta o piden visita.</strong> Cada oferta debe estar entre un
            50&nbsp;% por debajo y un 50&nbsp;% por encima del precio de referencia, que es el mayor entre el
            precio publicado y la oferta más alta recibida.
          </li>
          <li>
            <strong>El propietario compara candidatos.</strong> Junto a cada oferta ve un resumen de
            solvencia: situación laboral, convivencia, co-titulares, avalistas y documentación aportada.
          </li>
          <li>
            <strong>Se cierra la puja y se elige.</strong> Cuando el propietario lo decide, deja de aceptar
            ofertas y selecciona al inquilino o comprador.
          </li>
          <li>
            <strong>Contrato y firma en línea.</strong> A partir de la oferta aceptada se prepara el contrato,
            cada parte completa sus datos y se firma sin desplazamientos.
          </li>
        </ol>
      </section>

      <section className="section">
        <h2>Por qué es justo y transparente</h2>
        <div className="grid-3">
          <article className="card">
            <h3>Precio a la vista</h3>
            <p>
              Ves el precio publicado y la oferta más alta, y sabes en todo momento cuánto has ofrecido tú. No
              hay negociaciones ocultas ni llamadas a escondidas.
            </p>
          </article>
          <article className="card">
            <h3>Solvencia, no favoritismos</h3>
            <p>
              El propietario decide con datos comparables de cada candidato. Tú decides qué cuentas en tu
              perfil y qué documentos aportas para respaldarlo.
            </p>
          </article>
          <article className="card">
            <h3>Tarifa clara por anuncio</h3>
            <p>
              El propietario paga una tarifa fija por anuncio, que ve antes de pagar. No cobramos un
              porcentaje del precio de venta ni del alquiler. Para inquilinos y compradores es gratis.
            </p>
          </article>
          <article className="card">
            <h3>Personas reales</h3>
            <p>
              Te registras con tu número de móvil y un código de un solo uso por SMS. Nuestro equipo verifica
              usuarios y bloquea a quien intente un fraude.
            </p>
          </article>
          <article className="card">
            <h3>Anuncios revisados</h3>
            <p>
              Cada inmueble y cada anuncio pasan por una revisión manual antes de publicarse. Si algo no
              cuadra, lo rechazamos e indicamos el motivo al propietario.
            </p>
          </article>
          <article className="card">
            <h3>Ayuda cercana</h3>
            <p>
              Si tienes dudas, escríbenos por WhatsApp desde el botón de chat que verás en la esquina de la
              pantalla y te responderemos lo antes posible.
            </p>
          </article>
        </div>
      </section>

      <section className="section">
        <h2>Preguntas frecuentes</h2>
        <h3>¿Cuánto cuesta usar Casaoferta?</h3>
        <p>
          Buscar vivienda, hacer ofertas y pedir visitas es gratis. El propietario paga una tarifa fija por
          cada anuncio; el importe se muestra antes del pago y no depende del precio de la vivienda.
        </p>
        <h3>¿Puedo ofrecer menos de lo que pide el propietario?</h3>
        <p>
          Sí. Puedes ofrecer hasta un 50&nbsp;% menos (o más) que el precio de referencia. Una oferta muy baja
          es legítima, pero el propietario elegirá la que más le convenga por precio y solvencia.
        </p>
        <h3>¿Mi oferta me obliga a comprar o alquilar?</h3>
        <p>
          Tu oferta expresa el precio que estás dispuesto a pagar. Puedes modificarla o retirarla mientras el
          anuncio siga recibiendo ofertas. El compromiso se formaliza al firmar el contrato.
        </p>
        <h3>¿Quién ve mis datos de solvencia?</h3>
        <p>
          Solo el propietario de un anuncio en el que hayas hecho una oferta, y únicamente en forma de
          resumen. Nuestro equipo puede consultarlos para verificar perfiles y prevenir fraudes. Tienes todos
          los detalles en la <Link to={paths.privacyPolicy}>política de privacidad</Link>.
        </p>
        <h3>¿Necesito una contraseña?</h3>
        <p>
          No. Entras con tu número de móvil y un código que te enviamos por SMS cada vez que inicias sesión.
        </p>
        <h3>¿Qué pasa si el propietario elige a otra persona?</h3>
        <p>
          Tu oferta queda como no seleccionada y lo verás en tu lista de ofertas. Puedes seguir ofertando en
          otras viviendas con el mismo perfil, sin volver a rellenarlo.
        </p>
      </section>

      <section className="section">
        <h2>Empieza hoy</h2>
        <p>Echa un vistazo a las viviendas disponibles o publica la tuya en pocos minutos.</p>
        <div className="public-actions">
          <Link className="btn btn--primary" to={paths.properties}>
            Ver inmuebles
          </Link>
          <Link className="btn btn--secondary" to={paths.newProperty()}>
            Publica tu anuncio
          </Link>
        </div>
      </section>
    </div>
  );
}

export default AboutPage;
