// Where the API finds its own files at run time, from its TypeScript source (tsx, vitest: this module is
// apps/api/src/runtime-paths.ts) or from the compiled build (scripts/api-build.mjs bundles every module
// into apps/api/dist/, one folder, beside the migrations it copies; decision 036). Both folders are in
// apps/api, so what is found from apps/api is found alike; the rest differs and is chosen here, once.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** True when the API runs from its compiled build, false from its TypeScript source. */
export const fromBuild = !import.meta.url.endsWith('.ts');

/** apps/api */
export const apiDir = path.resolve(here, '..');

/** The repository's root: the configuration's relative paths (DATA_DIR, INE_DIR…) start there. */
export const repoRoot = path.resolve(apiDir, '../..');

/** The SQL migrations and their journal (meta/_journal.json); the build carries its own copy. */
export const migrationsFolder = path.join(here, fromBuild ? 'migrations' : 'db/migrations');

/** The fonts embedded in the PDFs the API writes. */
export const fontsFolder = path.join(apiDir, 'assets/fonts');

/** The entry of the process that reads an uploaded PDF (modules/documents/inspect.ts forks it). */
export const pdfWorkerEntry = fromBuild
  ? path.join(here, 'pdf-worker.js')
  : path.join(here, 'modules/documents/pdf-worker.ts');
