import { storageKeys } from '../../../shared/storage-keys';
import '../public.css';

/** Cookies policy: one row per consent category (SPEC 3 cookie preferences). */
export function CookieCategoriesTable() {
  return (
    <div className="public-table-wrap" tabIndex={0} role="region" aria-label="Tabla desplazable">
      <table className="public-table">
        <caption>Categorías de cookies y almacenamiento local</caption>
        <thead>
          <tr>
            <th scope="col">Categoría</th>
            <th scope="col">Qué guarda</th>
            <th scope="col">Finalidad</th>
            <th scope="col">Duración</th>
            <th scope="col">Propia o de terceros</th>
            <th scope="col">Por defecto</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Esenciales</th>
            <td>
              Tu sesión, tus preferencias de cookies, si ya viste el tutorial, el borrador del inmueble que
              estás dando de alta y la sincronización entre pestañas.
            </td>
            <td>
              Que la web funcione: iniciar sesión, recordar tus elecciones y no perder lo que estás haciendo.
            </td>
            <td>Según el elemento; consulta la tabla de detalle.</td>
            <td>Propia</td>
            <td>Siempre activas</td>
          </tr>
          <tr>
            <th scope="row">Analíticas</th>
            <td>
              La página que visitas, la página de la que vienes y el momento de la visita, sin asociarlos a tu
              cuenta.
            </td>
            <td>Saber qué páginas se usan más para mejorar el servicio.</td>
            <td>Los registros se conservan en nuestros servidores un máximo de 13 meses.</td>
            <td>Propia: los datos se guardan en nuestros propios servidores.</td>
            <td>Desactivadas</td>
          </tr>
          <tr>
            <th scope="row">Grabación de sesiones</th>
            <td>
              Cómo navegas por la web (clics, desplazamientos y pantallas recorridas), sin el contenido de los
              campos en los que escribes.
            </td>
            <td>Detectar dónde se atascan los usuarios y corregir errores de uso.</td>
            <td>Las grabaciones se conservan un máximo de 3 meses.</td>
            <td>Propia</td>
            <td>Desactivadas</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

const essentialItems = [
  {
    name: 'Token de sesión',
    key: storageKeys.bearerToken,
    purpose: 'Mantener tu sesión iniciada.',
    duration: 'Hasta que cierres sesión o la sesión caduque.',
  },
  {
    name: 'Sesión de soporte',
    key: `${storageKeys.tempBearerToken}, ${storageKeys.impersonatedUser}`,
    purpose: 'Solo para agentes de Casaoferta cuando atienden a un usuario en su nombre.',
    duration: 'Hasta que se cierra la pestaña (sessionStorage).',
  },
  {
    name: 'Preferencias de cookies',
    key: storageKeys.cookiePreferences,
    purpose: 'Recordar qué categorías has aceptado o rechazado.',
    duration: 'Hasta que las cambies o borres los datos de navegación.',
  },
  {
    name: 'Tutorial completado',
    key: storageKeys.tutorialDone,
    purpose: 'No volver a mostrarte el tutorial de bienvenida.',
    duration: 'Hasta que borres los datos de navegación.',
  },
  {
    name: 'Borrador del inmueble',
    key: storageKeys.newPropertyDraft,
    purpose: 'No perder los datos del inmueble que estás dando de alta.',
    duration: 'Hasta que lo publiques, lo descartes o cierres sesión.',
  },
] as const;

/** Cookies policy: each essential storage entry, by its real key name. */
export function EssentialStorageTable() {
  return (
    <div className="public-table-wrap" tabIndex={0} role="region" aria-label="Tabla desplazable">
      <table className="public-table">
        <caption>Detalle del almacenamiento esencial</caption>
        <thead>
          <tr>
            <th scope="col">Elemento</th>
            <th scope="col">Clave en el navegador</th>
            <th scope="col">Para qué sirve</th>
            <th scope="col">Duración</th>
          </tr>
        </thead>
        <tbody>
          {essentialItems.map((item) => (
            <tr key={item.name}>
              <th scope="row">{item.name}</th>
              <td>
                <code>{item.key}</code>
              </td>
              <td>{item.purpose}</td>
              <td>{item.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
