import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Written by every client build: the NODE_ENV it was made with (scripts/web-build.mjs reads it). */
const BUILD_ENV_FILE = '.vite/build-env.json';

/**
 * `vite build` makes the production bundle whatever NODE_ENV the shell has: Vite would otherwise take
 * NODE_ENV=development (the README's default for the API) and bundle React's development build, 60 KB
 * more gzip on the catalogue's first load and slower. `vite build --mode development` still makes one
 * on purpose. Vite reads process.env.NODE_ENV after the config (its own advice for setting it).
 */
function buildNodeEnv(command: 'build' | 'serve', mode: string, current: string | undefined) {
  return command === 'build' && mode === 'production' ? 'production' : current;
}

const recordBuildEnv = (): Plugin => ({
  name: 'casaoferta:build-env',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: BUILD_ENV_FILE,
      source: JSON.stringify({ nodeEnv: process.env.NODE_ENV ?? null }),
    });
  },
});

/**
 * The entry (main.tsx) imports the app (boot.tsx) without adding `modulepreload` links for the app's
 * own imports: on a server-rendered page, adding them in the task that starts the app cost ~40 ms of
 * main thread on a slow phone (Total Blocking Time), and the browser fetches those few small chunks
 * as soon as it reads the app's chunk; a page rendered in the browser has them in its head already
 * (apps/api/src/platform/spa.ts). Every other dynamic import keeps its preloads.
 */
function appImportPreloads(filename: string, deps: string[]): string[] {
  if (/(^|\/)boot-[\w-]+\.js$/.test(filename)) return [];
  return deps.filter((dep) => !loadedWithTheApp.has(dep));
}

/** The modules whose code a first visit to the catalogue runs besides the page's own (see firstLoadChunk). */
const FIRST_LOAD_ROOTS = [
  'src/boot.tsx',
  'src/features/catalogue/pages/properties-page.tsx',
  // Mounted after hydration on a first visit (app/shell/app-layout.tsx, chat-button.tsx).
  'src/app/shell/cookie-banner.tsx',
  'src/app/shell/tutorial.tsx',
  'src/app/shell/chat-yield.ts',
];
const ENTRY = 'src/main.tsx';
/** The catalogue's own modules stay in its page chunk: other landing pages do not load them. */
const PAGE_OWN = /[\\/]src[\\/]features[\\/]catalogue[\\/]/;

/**
 * One chunk, the app's (`boot`), for every module the catalogue's first visit runs outside the entry
 * and the catalogue's own code: React, the router, the shell, and the small shared modules (texts,
 * codes, formatting, the API client) that left alone became some twenty chunks of a few hundred bytes,
 * each compressed on its own. Together they are ~3.5 KB smaller gzip on every landing page (issue 29
 * point 5). The set is the modules' static imports from FIRST_LOAD_ROOTS, read from the module graph
 * when it is complete (buildEnd), less what the entry (main.tsx) imports: the entry still loads the
 * app with a dynamic import, after the first paint of a server-rendered page.
 */
function firstLoadChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'casaoferta:first-load-chunk',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => {
        const id = ids.find((candidate) => candidate.endsWith(suffix));
        if (!id) this.error(`${suffix} is not in the build: update FIRST_LOAD_ROOTS`);
        return id;
      };
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        for (const root of roots) visit(root);
        return seen;
      };
      const entry = closure([find(ENTRY)]);
      for (const id of closure(FIRST_LOAD_ROOTS.map(find))) {
        // Virtual modules (\0vite/preload-helper.js...) are the entry's too, imported after this hook.
        if (!entry.has(id) && !PAGE_OWN.test(id) && !id.startsWith('\0')) members.add(id);
      }
    },
  };
  return { plugin, test: (id) => members.has(id) };
}

/**
 * The chunks the app's chunk (boot) imports, directly or not: every lazy import runs from code that
 * needed them, so they are loaded by then and listing them again for preloading only costs bytes
 * (each lazy import's list is written into its importer: 190 bytes gzip on the catalogue's first load
 * for the favourites' heart, issue 26). Filled before Vite writes the preload lists.
 */
const loadedWithTheApp = new Set<string>();

const collectAppImports = (): Plugin => ({
  name: 'casaoferta:app-imports',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  generateBundle(_options, bundle) {
    loadedWithTheApp.clear();
    const boot = Object.values(bundle).find(
      (item) => item.type === 'chunk' && /(^|\/)boot-[\w-]+\.js$/.test(item.fileName),
    );
    const visit = (fileName: string) => {
      if (loadedWithTheApp.has(fileName)) return;
      loadedWithTheApp.add(fileName);
      const chunk = bundle[fileName];
      if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
    };
    if (boot?.type === 'chunk') visit(boot.fileName);
  },
});

// The API (port 8080 by default) serves the built app; `npm run dev` proxies /api to it.
// `vite build --ssr src/entry-server.tsx` builds the server render (dist/ssr) the API imports.
export default defineConfig(({ command, mode, isSsrBuild }) => {
  const nodeEnv = buildNodeEnv(command, mode, process.env.NODE_ENV);
  if (nodeEnv !== undefined) process.env.NODE_ENV = nodeEnv;
  const firstLoad = firstLoadChunk();
  return {
    plugins: [react(), recordBuildEnv(), collectAppImports(), firstLoad.plugin],
    build: isSsrBuild
      ? { target: 'node20', sourcemap: false, copyPublicDir: false }
      : {
          outDir: 'dist',
          emptyOutDir: true,
          target: 'es2022',
          sourcemap: false,
          manifest: true,
          modulePreload: { resolveDependencies: appImportPreloads },
          // Lazy chunks are named by their hash alone: the app's chunk lists every one of them (with its
          // imports) for preloading, and their names were a fifth of its first-load bytes.
          rollupOptions: {
            output: {
              // Only the modules of the set: their other imports (the preload helper is the entry's) stay
              // where Rolldown puts them.
              codeSplitting: {
                groups: [{ name: 'boot', test: firstLoad.test, includeDependenciesRecursively: false }],
              },
              chunkFileNames: (chunk: { name: string }) =>
                chunk.name === 'boot' ? 'assets/boot-[hash].js' : 'assets/[hash].js',
            },
          },
        },
    server: {
      proxy: {
        '/api': `http://127.0.0.1:${process.env.PORT ?? '8080'}`,
        '/media': `http://127.0.0.1:${process.env.PORT ?? '8080'}`,
      },
    },
  };
});
