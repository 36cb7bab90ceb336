// Measures the JS and CSS a browser downloads to show the catalogue (/properties) on a first visit:
// the entry chunk, the app it imports (boot.tsx), their static imports, and the lazily loaded
// catalogue page with its static imports.
// Reads Vite's manifest; run `npm run build` first (npm run bench and npm test do). Fails (exit code 1)
// above budget, or when the build bundles React's development build (issue 9: NODE_ENV=development).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// WEB_DIST_DIR measures a build made elsewhere (as `npm start` serves it).
const dist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../apps/web/dist'));
const budgetJs = 110 * 1024;
const budgetCss = 20 * 1024;

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

function collect(key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) collect(imported, seen);
}

const routeChunk = 'src/features/catalogue/pages/properties-page.tsx';
if (!manifest[routeChunk]) throw new Error(`${routeChunk} missing from the manifest: is the page lazy?`);
const keys = new Set<string>();
collect('index.html', keys);
collect('src/boot.tsx', keys);
collect(routeChunk, keys);

const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const files = [...keys].map((key) => manifest[key]).filter((c): c is Chunk => c !== undefined);
const js = files.map((c) => ({ file: c.file, gzip: gzip(c.file) }));
const css = [...new Set(files.flatMap((c) => c.css ?? []))].map((file) => ({ file, gzip: gzip(file) }));

// React's development build, or JSX compiled for it: the build was not made for production.
const developmentMarkers = /\bjsxDEV\b|Each child in a list should have a unique/;
const development = js
  .map((f) => f.file)
  .filter((file) => developmentMarkers.test(fs.readFileSync(path.join(dist, file), 'utf8')));

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (list: { gzip: number }[]) => list.reduce((total, f) => total + f.gzip, 0);
for (const f of [...js, ...css]) console.log(`  ${f.file.padEnd(48)} ${kb(f.gzip)}`);
const totalJs = sum(js);
const totalCss = sum(css);
console.log(
  `catalogue first-load JS (gzip): ${kb(totalJs)} of ${kb(budgetJs)} budget ${totalJs <= budgetJs ? 'OK' : 'OVER'}`,
);
console.log(
  `catalogue first-load CSS (gzip): ${kb(totalCss)} of ${kb(budgetCss)} budget ${totalCss <= budgetCss ? 'OK' : 'OVER'}`,
);
if (development.length > 0) {
  console.log(
    `React's development build in the first load: ${development.join(', ')} (NODE_ENV was not production)`,
  );
}
if (totalJs > budgetJs || totalCss > budgetCss || development.length > 0) process.exitCode = 1;
