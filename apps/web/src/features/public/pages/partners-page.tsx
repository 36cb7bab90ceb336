import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { company } from '../company';
import { useDocumentTitle } from '../../../shared/use-document-title';
import '../public.css';

const partnersMailto = `mailto:${company.partnersEmail}?subject=${encodeURIComponent('Colaboración con Casaoferta')}`;

export function PartnersPage() {
  useDocumentTitle('Partners');

  return (
    <div className="page">
      <section className="hero">
        <h1 className="hero__title">Colabora con Casaoferta</h1>
        <p className="hero__lead">
          Trabajamos con profesionales que ayudan a comprar, vender, alquilar y mudarse con más seguridad. Si
          tu empresa aporta valor a propietarios, inquilinos o compradores, hablemos.
        </p>
        <div className="public-actions">
          <a className="btn btn--primary" href={partnersMailto}>
            Escríbenos a {company.partnersEmail}
          </a>
          <Link className="btn btn--ghost" to={paths.about}>
            Cómo funciona Casaoferta
          </Link>
        </div>
      </section>

      <section className="section">
        <h2>Con quién colaboramos</h2>
        <div className="grid-3">
          <article className="card">
            <h3>Inmobiliarias</h3>
            <p>
              Publica las viviendas de tu cartera, recibe ofertas con perfil de solvencia y cierra operaciones
              con contrato en línea, pagando por anuncio y no por comisión.
            </p>
          </article>
          <article className="card">
            <h3>Gestores de alquiler</h3>
            <p>
              Administra muchos inmuebles desde una sola cuenta, compara candidatos con los mismos criterios
              en todos ellos y reduce el tiempo que cada vivienda pasa vacía.
            </p>
          </article>
          <article className="card">
            <h3>Aseguradoras</h3>
            <p>
              Si ofreces seguros de impago de alquiler, acerca tu producto a propietarios justo cuando eligen
              inquilino y conocen su solvencia.
            </p>
          </article>
          <article className="card">
            <h3>Intermediarios hipotecarios</h3>
            <p>
              Muchos compradores ofertan con hipoteca o aún sin preaprobar. Ayúdales a financiar su compra en
              el momento en que la necesitan.
            </p>
          </article>
          <article className="card">
            <h3>Empresas de relocation</h3>
            <p>
              Encuentra vivienda para los profesionales que trasladas, con anuncios revisados por nuestro
              equipo, ofertas transparentes y firma a distancia.
            </p>
          </article>
          <article className="card">
            <h3>Otros servicios del hogar</h3>
            <p>
              Mudanzas, suministros, reformas o limpieza: si tu servicio encaja con quien acaba de cambiar de
              casa, cuéntanos tu propuesta.
            </p>
          </article>
        </div>
      </section>

      <section className="section">
        <h2>Qué te ofrecemos</h2>
        <ul>
          <li>
            Un canal con personas en el momento exacto de decidir: publicar, ofertar, elegir candidato o
            firmar.
          </li>
          <li>
            Un entorno de confianza: inmuebles y anuncios validados por nuestro equipo y usuarios verificados.
          </li>
          <li>
            Herramientas de publicación, comparación de candidatos y contrato en línea para profesionales.
          </li>
          <li>Un interlocutor de nuestro equipo para diseñar la colaboración y medir sus resultados.</li>
        </ul>
        <p className="muted">
          Protegemos a nuestros usuarios: nunca compartimos sus datos con colaboradores sin su consentimiento
          expreso, y solo ofrecemos servicios de terceros que aporten algo real a su operación.
        </p>
      </section>

      <section className="section">
        <h2>Cómo empezar a colaborar</h2>
        <ol className="public-steps">
          <li>
            <strong>Escríbenos.</strong> Envía un correo a{' '}
            <a href={partnersMailto}>{company.partnersEmail}</a> con el nombre de tu empresa, a qué te dedicas
            y qué propones.
          </li>
          <li>
            <strong>Lo estudiamos contigo.</strong> Te contactamos para entender tu servicio y ver cómo encaja
            con propietarios, inquilinos o compradores.
          </li>
          <li>
            <strong>Acordamos las condiciones.</strong> Definimos por escrito el alcance, la forma de trabajar
            y el tratamiento de datos, conforme al RGPD.
          </li>
          <li>
            <strong>Lanzamos y medimos.</strong> Ponemos en marcha la colaboración y revisamos juntos los
            resultados para mejorarla.
          </li>
        </ol>
      </section>

      <section className="section">
        <h2>Contacto para partners</h2>
        <p>
          Escríbenos a <a href={partnersMailto}>{company.partnersEmail}</a>. Si eres un particular con una
          vivienda, no necesitas ningún acuerdo: puedes publicarla directamente.
        </p>
        <div className="public-actions">
          <Link className="btn btn--secondary" to={paths.owners}>
            Información para propietarios
          </Link>
          <Link className="btn btn--ghost" to={paths.newProperty()}>
            Publica tu anuncio
          </Link>
        </div>
      </section>
    </div>
  );
}

export default PartnersPage;
