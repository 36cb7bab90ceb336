import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useDocumentTitle } from '../../../shared/use-document-title';
import '../public.css';

export function OwnersPage() {
  useDocumentTitle('Propietarios');

  return (
    <div className="page">
      <section className="hero">
        <h1 className="hero__title">Vende o alquila tu vivienda eligiendo tú a quién</h1>
        <p className="hero__lead">
          Publica tu casa, recibe ofertas de precio de personas con perfil de solvencia, compáralas con calma
          y cierra el trato con un contrato firmado en línea. Pagas por anuncio, sin comisiones sobre el
          precio.
        </p>
        <div className="public-actions">
          <Link className="btn btn--primary" to={paths.newProperty()}>
            Publica tu anuncio
          </Link>
          <Link className="btn btn--ghost" to={`${paths.login}?register=true`}>
            Regístrate gratis
          </Link>
        </div>
      </section>

      <section className="section">
        <h2>Elige qué quieres hacer con tu vivienda</h2>
        <div className="grid-3">
          <article className="card">
            <h3>Vender una vivienda</h3>
            <p>
              Fija un precio de venta y recibe ofertas de compradores. Cada oferta indica si se paga al
              contado o con hipoteca, el importe de la hipoteca, si está preaprobada y el motivo de la compra.
            </p>
            <Link className="btn btn--secondary" to={paths.newProperty('sale')}>
              Publicar para vender
            </Link>
          </article>
          <article className="card">
            <h3>Alquilar la vivienda completa</h3>
            <p>
              Indica la renta mensual (€/mes) y las condiciones del alquiler. Los candidatos ofertan sobre esa
              renta y te muestran su solvencia para que elijas con datos.
            </p>
            <Link className="btn btn--secondary" to={paths.newProperty('rental')}>
              Publicar para alquilar
            </Link>
          </article>
          <article className="card">
            <h3>Alquilar una habitación</h3>
            <p>
              Publica cada habitación con su renta mensual y describe la convivencia en el piso, para
              encontrar a alguien que encaje con quienes ya viven en él.
            </p>
            <Link className="btn btn--secondary" to={paths.newProperty('room')}>
              Publicar una habitación
            </Link>
          </article>
        </div>
      </section>

      <section className="section">
        <h2>Del anuncio a la firma, en seis pasos</h2>
        <ol className="public-steps">
          <li>
            <strong>Da de alta tu inmueble.</strong> Describe la vivienda, sube fotos y elige el tipo de
            anuncio. Si lo dejas a medias, guardamos el borrador en tu navegador para que lo retomes.
          </li>
          <li>
            <strong>Lo validamos.</strong> Un agente de Casaoferta revisa el inmueble y el anuncio antes de
            publicarlos. Si falta algo o hay que corregir un dato, te indicamos el motivo para que lo
            resuelvas.
          </li>
          <li>
            <strong>Recibe ofertas y solicitudes de visita.</strong> Los interesados ofrecen un precio dentro
            de un margen del 50&nbsp;% por encima o por debajo del precio de referencia, o piden ver la
            vivienda.
          </li>
          <li>
            <strong>Compara candidatos.</strong> Revisa cada oferta junto a su perfil de solvencia y marca
            como favoritas las que más te interesen.
          </li>
          <li>
            <strong>Cierra la puja y elige.</strong> Cuando tengas suficientes ofertas, deja de aceptar nuevas
            y selecciona al inquilino o comprador que prefieras.
          </li>
          <li>
            <strong>Firma el contrato en línea.</strong> Preparamos el borrador a partir de la oferta
            aceptada; tú completas tus datos y la otra parte los suyos, y cada uno lo revisa y lo firma desde
            Casaoferta.
          </li>
        </ol>
      </section>

      <section className="section">
        <h2>Compara candidatos solventes</h2>
        <p>
          Cada candidato que te hace una oferta comparte contigo un resumen de su perfil de solvencia. Así
          comparas de forma ordenada, sin pedir papeles uno por uno.
        </p>
        <div className="grid-3">
          <article className="card">
            <h3>Situación laboral</h3>
            <p>Tipo de contrato y tramo de ingresos netos mensuales del candidato.</p>
          </article>
          <article className="card">
            <h3>Convivencia</h3>
            <p>Cuántas personas vivirán en la casa, si hay niños, mascotas o personas fumadoras.</p>
          </article>
          <article className="card">
            <h3>Co-titulares y avalistas</h3>
            <p>
              Si el contrato lo firmarán varias personas o si alguien avala al candidato, también ves su
              situación laboral.
            </p>
          </article>
          <article className="card">
            <h3>Documentación</h3>
            <p>
              Qué documentos ha aportado para respaldar lo que declara, como nóminas o contrato de trabajo.
            </p>
          </article>
          <article className="card">
            <h3>Presentación</h3>
            <p>Unas líneas en las que el candidato cuenta quién es y por qué le interesa tu vivienda.</p>
          </article>
          <article className="card">
            <h3>Usuarios verificados</h3>
            <p>
              Nuestro equipo verifica a los usuarios y bloquea a quien intenta un fraude; sus ofertas se
              retiran de inmediato.
            </p>
          </article>
        </div>
      </section>

      <section className="section">
        <h2>Pagas por anuncio, no por comisión</h2>
        <p>
          Publicar con Casaoferta tiene una tarifa fija por anuncio. Antes de pagar ves el importe exacto y lo
          abonas con tarjeta a través de una pasarela de pago segura: nosotros nunca guardamos el número de tu
          tarjeta.
        </p>
        <ul>
          <li>No cobramos un porcentaje del precio de venta ni de la renta mensual.</li>
          <li>Alquiles o vendas por el precio que sea, la tarifa del anuncio no cambia.</li>
          <li>Puedes consultar el estado del pago de cada anuncio en cualquier momento.</li>
        </ul>
      </section>

      <section className="section">
        <h2>Revisamos cada anuncio antes de publicarlo</h2>
        <p>
          La confianza de los candidatos depende de que lo publicado sea real. Por eso un agente de nuestro
          equipo valida cada inmueble y cada anuncio: comprobamos que la información es coherente y que el
          anuncio cumple nuestras condiciones de uso.
        </p>
        <p className="muted">
          Si rechazamos un inmueble o un anuncio, te explicamos el motivo. Podrás corregirlo y volver a pedir
          la revisión.
        </p>
      </section>

      <section className="section">
        <h2>Preguntas de propietarios</h2>
        <h3>¿Puedo elegir un candidato que no sea la oferta más alta?</h3>
        <p>
          Sí. La decisión es siempre tuya: puedes priorizar la solvencia, la convivencia o los avales frente
          al precio.
        </p>
        <h3>¿Puedo publicar varias habitaciones del mismo piso?</h3>
        <p>Sí. Cada habitación es un anuncio distinto, con su propia renta mensual y sus propias ofertas.</p>
        <h3>¿Quién me ayuda si tengo dudas?</h3>
        <p>
          Escríbenos por WhatsApp desde el botón de chat. También puedes leer{' '}
          <Link to={paths.about}>cómo funciona Casaoferta</Link>.
        </p>
        <div className="public-actions">
          <Link className="btn btn--primary" to={paths.newProperty()}>
            Publica tu anuncio
          </Link>
        </div>
      </section>
    </div>
  );
}

export default OwnersPage;
