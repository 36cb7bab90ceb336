import type { RuntimeSettings } from '@casaoferta/domain/server-render';

/**
 * Settings the API writes into index.html's meta tags when it serves the app (no inline script, no
 * extra request). Vite's dev server leaves the placeholders, and the server render has no document, so
 * each one has a fallback.
 */
function meta(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  return value === '' || value.startsWith('%') ? fallback : value;
}

export const runtimeConfig: RuntimeSettings = {
  /** International number without '+', used by the floating chat link (wa.me). */
  supportWhatsapp: meta('casaoferta:support-whatsapp', '34910000000'),
  /** Host of the production app; logout goes to the public site only there (SPEC 4.7). */
  appHost: meta('casaoferta:app-host', ''),
};

/** The server render (entry-server.tsx) gets the settings from the API: there are no meta tags there. */
export function configureRuntime(settings: RuntimeSettings): void {
  Object.assign(runtimeConfig, settings);
}
