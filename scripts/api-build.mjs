// The API's compiled build (issue 29 point 6, decision 036): esbuild bundles apps/api/src/main.ts and the
// PDF reader's child (modules/documents/pdf-worker.ts), with @casaoferta/domain and the pure-JavaScript
// packages every start loads (Fastify, zod, Drizzle…), into apps/api/dist/ as plain JavaScript, beside a
// copy of the SQL migrations; the packages in `externalPackages` stay imports of node_modules.
// `npm start` runs the build (made again here when missing, older than its sources or made by another
// version of this script); `npm run dev` and the tests' own code still run the TypeScript through tsx.
// `node scripts/api-build.mjs` builds it; with `--if-stale`, only when it must.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What the build is made from, relative to the repository's root. Test files (`*.test.ts`, src/test/)
 * are never in it, and changing them does not make it stale.
 */
export const apiSources = [
  'apps/api/src',
  'apps/api/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'tsconfig.base.json',
  'scripts/api-build.mjs',
];

/** Bumped when what this script makes changes shape: a build made by another version is made again. */
const BUILD_FORMAT = 1;
const RECORD = 'build.json';

/** @param {string} full */
const isTestFile = (full) =>
  full.endsWith('.test.ts') || full.split(path.sep).join('/').includes('apps/api/src/test/');

/** @param {string} full */
function newestMtime(full) {
  if (!fs.existsSync(full) || isTestFile(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full, { withFileTypes: true })
    .reduce((max, child) => Math.max(max, newestMtime(path.join(full, child.name))), stat.mtimeMs);
}

/** @param {string} file */
function readFormat(file) {
  try {
    const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof recorded?.format === 'number' ? recorded.format : null;
  } catch {
    return null;
  }
}

/**
 * Why the API's build in `dist` must be made again, or null when it is up to date: missing, made by
 * another version of this script, or older than one of its sources.
 * @param {string} [repo] the repository's root
 * @param {string} [dist] the build's directory
 * @returns {string | null}
 */
export function apiBuildStaleReason(repo = root, dist = path.join(repo, 'apps/api/dist')) {
  const record = path.join(dist, RECORD);
  if (!fs.existsSync(record) || !fs.existsSync(path.join(dist, 'main.js'))) return 'no build';
  const format = readFormat(record);
  if (format !== BUILD_FORMAT) return `made by build format ${format ?? 'unknown'}`;
  const builtAt = fs.statSync(record).mtimeMs;
  const changed = apiSources.find((source) => newestMtime(path.join(repo, source)) > builtAt);
  return changed ? `${changed} changed` : null;
}

/**
 * The packages left as imports of node_modules, loaded by Node at run time as from the source: those that
 * find files of their own beside their code (PGlite's WebAssembly, sharp's native library, pino's
 * transport workers, Swagger UI's pages), those with optional native parts (pg), and those the API loads
 * only when it uses them (the PDF and signature libraries, the providers' SDKs, graphile-worker), which
 * stay out of the start's work. Everything else is bundled: one file read and compiled instead of
 * hundreds resolved, read and compiled one by one (decision 036).
 */
export const externalPackages = [
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@pdf-lib/fontkit',
  '@signpdf/placeholder-pdf-lib',
  '@signpdf/signpdf',
  '@signpdf/utils',
  'graphile-worker',
  'node-forge',
  'nodemailer',
  'pdf-lib',
  'pg',
  'pino',
  'pino-pretty',
  'prom-client',
  'sharp',
  'stripe',
  'thread-stream',
  'twilio',
];

/** @param {string} specifier */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** esbuild's plugin that keeps `externalPackages` (wherever they are imported from) and builtins out. */
const keepExternal = {
  name: 'keep-external',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') || externalPackages.includes(packageName(args.path))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/**
 * Bundled CommonJS packages call `require` (builtins, the external packages): in an ES module it is made
 * from the file's own address, so it resolves from apps/api as the source's imports do.
 */
const requireBanner =
  "import { createRequire as __apiBuildCreateRequire } from 'node:module';\n" +
  'const require = __apiBuildCreateRequire(import.meta.url);';

/**
 * Builds the API into `dist`: made in a folder beside it and put in its place whole, so a process that
 * starts meanwhile finds the old build or the new one, never half of one. Resolves with the build's
 * time in milliseconds; rejects with esbuild's errors.
 * @param {string} [repo]
 * @param {string} [dist]
 * @returns {Promise<number>}
 */
export async function buildApi(repo = root, dist = path.join(repo, 'apps/api/dist')) {
  const started = performance.now();
  const { build } = await import('esbuild');
  const api = path.join(repo, 'apps/api');
  const staging = `${dist}.${process.pid}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    await build({
      absWorkingDir: api,
      entryPoints: {
        main: 'src/main.ts',
        'pdf-worker': 'src/modules/documents/pdf-worker.ts',
      },
      outdir: staging,
      bundle: true,
      // What the source imports with import() (the PDF writers, decision 036) becomes a chunk loaded on
      // first use. Chunks go in the same folder as the entries: whichever file runtime-paths.ts's code
      // lands in, it is in apps/api/dist/.
      splitting: true,
      chunkNames: 'chunk-[hash]',
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      // Class and function names as in the source (error names, logs, stack traces).
      keepNames: true,
      // A file of its own, read only by `node --enable-source-maps` (stack traces with the source's lines).
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'warning',
      banner: { js: requireBanner },
      plugins: [keepExternal],
    });
    const migrations = path.join(api, 'src/db/migrations');
    fs.mkdirSync(path.join(staging, 'migrations/meta'), { recursive: true });
    for (const file of fs.readdirSync(migrations).filter((name) => name.endsWith('.sql'))) {
      fs.copyFileSync(path.join(migrations, file), path.join(staging, 'migrations', file));
    }
    fs.copyFileSync(
      path.join(migrations, 'meta/_journal.json'),
      path.join(staging, 'migrations/meta/_journal.json'),
    );
    // Written last: its time is the build's (apiBuildStaleReason).
    fs.writeFileSync(
      path.join(staging, RECORD),
      JSON.stringify({ format: BUILD_FORMAT, builtAt: new Date().toISOString() }, null, 2),
    );
    fs.rmSync(dist, { recursive: true, force: true });
    fs.renameSync(staging, dist);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return performance.now() - started;
}

/**
 * Makes the build when it must: returns null when it was up to date, or the reason it was made.
 * @param {{ log?: (line: string) => void, repo?: string }} [options]
 * @returns {Promise<string | null>}
 */
export async function ensureApiBuild({ log = () => {}, repo = root } = {}) {
  const stale = apiBuildStaleReason(repo);
  if (!stale) return null;
  log(`Compilando la API (${stale})…`);
  await buildApi(repo);
  return stale;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  try {
    if (ifStale) {
      await ensureApiBuild({ log: console.log });
    } else {
      const ms = await buildApi();
      console.log(`API compilada en apps/api/dist (${Math.round(ms)} ms).`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
