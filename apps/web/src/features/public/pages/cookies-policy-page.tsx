import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { company } from '../company';
import { CookieCategoriesTable, EssentialStorageTable } from '../components/cookies-tables';
import { useDocumentTitle } from '../../../shared/use-document-title';
import '../public.css';

export function CookiesPolicyPage() {
  useDocumentTitle('Política de cookies');

  return (
    <article className="page page-narrow prose">
      <h1>Política de cookies</h1>
      <p className="muted">Última actualización: {company.lastUpdated}</p>
      <p>
        Esta política explica qué información guarda Casaoferta en tu navegador, para qué y cómo puedes
        decidir sobre ella, conforme al artículo 22.2 de la Ley 34/2002 (LSSI-CE) y al Reglamento General de
        Protección de Datos.
      </p>

      <section>
        <h2>1. Qué son las cookies y el almacenamiento local</h2>
        <p>
          Las cookies son pequeños archivos que un sitio web guarda en tu navegador. El almacenamiento local
          (localStorage) y el almacenamiento de sesión (sessionStorage) cumplen una función parecida: permiten
          que la web recuerde información entre una página y otra, o entre una visita y la siguiente. El
          almacenamiento de sesión se borra al cerrar la pestaña; el local permanece hasta que se borra.
        </p>
        <p>
          Casaoferta usa sobre todo almacenamiento local y de sesión. A todos estos mecanismos les aplicamos
          las mismas reglas que a las cookies, y en esta política los llamamos «cookies» para simplificar.
        </p>
      </section>

      <section>
        <h2>2. Qué cookies usamos</h2>
        <p>
          Las agrupamos en tres categorías. Solo las esenciales están activas si no nos das tu consentimiento.
        </p>
        <CookieCategoriesTable />
        <h3>Cookies esenciales</h3>
        <p>
          Son imprescindibles para prestarte el servicio que pides, por lo que no requieren consentimiento. No
          se usan para analizar tu comportamiento ni para publicidad.
        </p>
        <EssentialStorageTable />
        <h3>Cookies analíticas</h3>
        <p>
          Solo si las aceptas, cada vez que cambias de página enviamos a nuestros propios servidores la
          dirección de la página y la de procedencia. No usamos herramientas de analítica de terceros ni
          cruzamos estos datos con tu cuenta.
        </p>
        <h3>Grabación de sesiones</h3>
        <p>
          Solo si la aceptas, registramos cómo interactúas con la web para entender qué resulta confuso y
          mejorarlo. Los textos que escribes en los formularios no se graban.
        </p>
        <p>No usamos cookies publicitarias ni compartimos esta información con redes de publicidad.</p>
      </section>

      <section>
        <h2>3. Cómo cambiar tu consentimiento</h2>
        <p>
          La primera vez que visitas Casaoferta te preguntamos qué categorías aceptas. Puedes aceptarlas
          todas, rechazarlas todas o elegir una a una. Tu elección se guarda en tu navegador.
        </p>
        <p>
          Puedes cambiarla cuando quieras con el botón <strong>«Configurar cookies»</strong> del pie de
          página. Retirar el consentimiento es tan fácil como darlo, y desde ese momento dejamos de recoger
          los datos de esa categoría.
        </p>
      </section>

      <section>
        <h2>4. Cómo borrarlas o bloquearlas en tu navegador</h2>
        <p>
          También puedes borrar las cookies y los datos de sitios desde la configuración de tu navegador, o
          impedir que se guarden. Ten en cuenta que, si bloqueas el almacenamiento esencial, no podrás iniciar
          sesión.
        </p>
        <ul>
          <li>Chrome: Configuración › Privacidad y seguridad › Cookies y otros datos de sitios.</li>
          <li>Firefox: Ajustes › Privacidad y seguridad › Cookies y datos del sitio.</li>
          <li>Safari: Ajustes › Privacidad › Gestionar datos de sitios web.</li>
          <li>Edge: Configuración › Cookies y permisos del sitio › Administrar y eliminar cookies.</li>
        </ul>
        <p>
          Al borrar los datos de navegación se eliminan también tus preferencias, y te volveremos a preguntar
          en tu próxima visita.
        </p>
      </section>

      <section>
        <h2>5. Más información</h2>
        <p>
          Puedes saber más sobre cómo tratamos tus datos en la{' '}
          <Link to={paths.privacyPolicy}>política de privacidad</Link> y sobre el titular del sitio en el{' '}
          <Link to={paths.legalNotice}>aviso legal</Link>. Para cualquier duda, escríbenos a{' '}
          <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a>.
        </p>
      </section>
    </article>
  );
}

export default CookiesPolicyPage;
