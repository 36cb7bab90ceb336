// Idle memory of the API as `npm start` runs it (issue 29 point 8, issue 25 point 8): `node --import tsx
// apps/api/src/main.ts` on PGlite in a throw-away DATA_DIR (the demo data seeded into it first by a
// non-production start), then started again with NODE_ENV=production and production's settings (the
// providers, keys and certificate made up here; nothing is sent while idle). Its resident memory (from
// /proc) and process.memoryUsage() (support/memory-probe.ts, preloaded, answers SIGUSR2) 10 s after it
// answers; then 30 s of catalogue searches as a browser asks (50 connections, every request another filter
// set, and the catalogue's landing HTML), and the same figures 0, 30 and 60 s after (no forced GC): back
// within 50 MB of idle? Baselines: a bare `node` and `node --import tsx` idle. A second start writes a heap
// snapshot when idle (BENCH_MEMORY_SNAPSHOT=0 skips it), summarised by constructor (self sizes).
// BENCH_MEMORY_POSTGRES=1: the same on a fresh database on BENCH_DATABASE_URL's server instead of PGlite.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { stopProcess, waitForAnswer } from './support/api-process';
import { browserHeaders } from './support/browser-headers';

const root = path.resolve(import.meta.dirname, '..');
const port = 18700 + Math.floor(Math.random() * 80);
const idleSeconds = Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 10);
const loadSeconds = Number(process.env.BENCH_SECONDS ?? 30);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** /proc/<pid>/status's memory lines, in bytes. */
function procStatus(pid: number | undefined) {
  const text = pid === undefined ? '' : fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return {
    rss: kb('VmRSS'),
    peak: kb('VmHWM'),
    anon: kb('RssAnon'),
    file: kb('RssFile'),
    shmem: kb('RssShmem'),
    threads: Number(/^Threads:\s+(\d+)/m.exec(text)?.[1] ?? 0),
  };
}

/** RSS of a process that does nothing, `seconds` after it starts. */
async function baseline(args: string[]) {
  const child = spawn(process.execPath, [...args, '-e', 'setInterval(() => {}, 1e6)'], {
    cwd: root,
    stdio: 'ignore',
  });
  await sleep(3_000);
  const status = procStatus(child.pid);
  await stopProcess(child);
  return status.rss;
}

/** A made-up sealing certificate (.p12, base64) for production's settings. */
function certificate(dir: string): string {
  const run = (args: string[]) => {
    const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`openssl ${args[0] ?? ''}: ${r.stderr}`);
  };
  run(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'k.pem', '-out', 'c.pem'].concat([
      '-subj',
      '/CN=Casaoferta bench',
      '-days',
      '2',
    ]),
  );
  run(['pkcs12', '-export', '-inkey', 'k.pem', '-in', 'c.pem', '-out', 'c.p12', '-passout', 'pass:bench']);
  return fs.readFileSync(path.join(dir, 'c.p12')).toString('base64');
}

function productionEnv(dir: string, p12: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://casaoferta.test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(dir, 'data'),
    EMAIL_PROVIDER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '2525',
    SMTP_FROM: 'Casaoferta <no-responder@casaoferta.test>',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
    TWILIO_AUTH_TOKEN: 'bench',
    TWILIO_FROM: 'Casaoferta',
    WHATSAPP_PROVIDER: 'whatsapp-cloud',
    WHATSAPP_ACCESS_TOKEN: 'bench',
    WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
    PAYMENT_PROVIDER: 'sandbox',
    INVOICE_SELLER_NAME: 'Casaoferta Bench, S.L.',
    INVOICE_SELLER_NIF: 'B00000000',
    INVOICE_SELLER_ADDRESS: 'Calle de Ejemplo 1, 28001 Madrid',
    DOCUMENTS_KEY: randomBytes(32).toString('base64'),
    CONTRACT_SIGNING_P12: p12,
    CONTRACT_SIGNING_PASSWORD: 'bench',
    BENCH_MEMORY_OUT: path.join(dir, 'memory.jsonl'),
  };
}

interface ProbeLine {
  memory: NodeJS.MemoryUsage;
  heap: { total_heap_size: number; used_heap_size: number; malloced_memory: number };
  code: {
    code_and_metadata_size: number;
    bytecode_and_metadata_size: number;
    external_script_source_size: number;
  };
  spaces: { name: string; used: number }[];
  commonJsModules: number;
  commonJsModulesFromNodeModules: number;
  snapshot: string | null;
}

/** Asks the probe for its figures (SIGUSR2) and reads them back with /proc's. */
async function sample(child: ChildProcess, outFile: string, label: string) {
  const before = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8').split('\n').length : 0;
  const status = procStatus(child.pid);
  child.kill('SIGUSR2');
  let line: ProbeLine | null = null;
  for (let i = 0; i < 600 && !line; i++) {
    await sleep(100);
    const lines = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8').split('\n') : [];
    const last = lines.length > before ? lines[lines.length - 2] : undefined;
    if (last) line = JSON.parse(last) as ProbeLine;
  }
  if (!line) throw new Error('the probe did not answer');
  const m = line.memory;
  console.log(
    `${label.padEnd(34)} RSS ${mb(status.rss)} (anon ${mb(status.anon)}, file ${mb(status.file)}, peak ${mb(status.peak)}, ${status.threads} threads); heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, external ${mb(m.external)} (arrayBuffers ${mb(m.arrayBuffers)}); load average ${loadAverage()}`,
  );
  return { status, line };
}

async function searchLoad() {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 50,
    duration: loadSeconds,
    requests: [
      {
        method: 'POST',
        path: '/api/announcement/search',
        headers: browserHeaders({ json: true }),
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          body: JSON.stringify({
            kind: Math.random() < 0.5 ? 'alquiler' : 'venta',
            priceMax: 500 + Math.floor(Math.random() * 1_000_000),
            provinceCode: String(1 + Math.floor(Math.random() * 50)).padStart(2, '0'),
          }),
        }),
      },
      {
        method: 'POST',
        path: '/api/announcement/search',
        headers: browserHeaders({ json: true }),
        body: '{}',
      },
      { method: 'GET', path: '/properties', headers: browserHeaders({ accept: 'text/html' }) },
    ],
  });
  console.log(
    `load: ${loadSeconds} s, 50 connections: ${Math.round(result.requests.average)} req/s, p95 ~${((result.latency.p90 + result.latency.p97_5) / 2).toFixed(1)} ms, ${result.non2xx} non-2xx, ${result.errors} errors; by status ${JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])))}`,
  );
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Self sizes by constructor (objects) or by kind (strings, code, arrays…), the largest first. */
function summariseSnapshot(file: string) {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, { size: number; count: number }>();
  const bigStrings: { size: number; head: string }[] = [];
  let total = 0;
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt] ?? 0] ?? '?';
    const name = data.strings[data.nodes[i + nameAt] ?? 0] ?? '';
    const size = data.nodes[i + sizeAt] ?? 0;
    total += size;
    const key =
      type === 'object' || type === 'native'
        ? `${name.slice(0, 60)}${type === 'native' ? ' (native)' : ''}`
        : type.includes('string')
          ? '(strings)'
          : `(${type})`;
    const group = groups.get(key) ?? { size: 0, count: 0 };
    group.size += size;
    group.count += 1;
    groups.set(key, group);
    if (type.includes('string') && size > 256 * 1024) bigStrings.push({ size, head: name.slice(0, 70) });
  }
  console.log(
    `heap snapshot: ${mb(total)} in ${(data.nodes.length / width).toLocaleString('en')} nodes; by self size:`,
  );
  for (const [key, g] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, 20)) {
    console.log(`  ${mb(g.size).padStart(9)}  ${g.count.toString().padStart(8)}×  ${key}`);
  }
  bigStrings.sort((a, b) => b.size - a.size);
  console.log(`strings over 256 KB: ${bigStrings.length}, ${mb(bigStrings.reduce((s, b) => s + b.size, 0))}`);
  for (const s of bigStrings.slice(0, 8)) console.log(`  ${mb(s.size)}  ${JSON.stringify(s.head)}`);
}

function startApi(env: Record<string, string>, snapshot: boolean) {
  return spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './bench/support/memory-probe.ts', 'apps/api/src/main.ts'],
    {
      cwd: root,
      env: { ...process.env, ...env, ...(snapshot ? { BENCH_MEMORY_SNAPSHOT: '1' } : {}) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function main() {
  console.log(
    `${os.cpus()[0]?.model ?? '?'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${loadAverage()}; ${new Date().toISOString()}`,
  );
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `casaoferta_bench_memory_${Date.now()}`;
  const onPostgres = process.env.BENCH_MEMORY_POSTGRES === '1';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-memory-'));
  try {
    console.log(
      `baselines, idle 3 s after start: node ${mb(await baseline([]))}, node --import tsx ${mb(await baseline(['--import', 'tsx']))}`,
    );
    const env = productionEnv(dir, certificate(dir));
    if (onPostgres) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      env.DATABASE_URL = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
      // One process: its files may stay under its DATA_DIR (decision 035).
      env.STORAGE_LOCAL_SHARED = 'on';
    }
    console.log(`database: ${onPostgres ? `PostgreSQL (${dbName})` : 'PGlite in a throw-away DATA_DIR'}`);
    // The demo data, seeded by a local (non-production) start on the same data dir, then stopped.
    const seeding = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: env.DATA_DIR,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'on',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForAnswer(`http://127.0.0.1:${port}/api/health`, seeding);
    await stopProcess(seeding);

    const outFile = env.BENCH_MEMORY_OUT ?? '';
    const api = startApi(env, false);
    try {
      const t0 = performance.now();
      await waitForAnswer(`http://127.0.0.1:${port}/api/health`, api);
      console.log(
        `production start answered in ${((performance.now() - t0) / 1000).toFixed(1)} s (pid ${api.pid})`,
      );
      await sleep(idleSeconds * 1000);
      const idle = await sample(api, outFile, `idle, ${idleSeconds} s after start`);
      const l = idle.line;
      console.log(
        `  V8: malloced ${mb(l.heap.malloced_memory)}; code and metadata ${mb(l.code.code_and_metadata_size)}, bytecode ${mb(l.code.bytecode_and_metadata_size)}, script sources outside the heap ${mb(l.code.external_script_source_size)}; CommonJS modules loaded ${l.commonJsModules} (${l.commonJsModulesFromNodeModules} from node_modules)`,
      );
      console.log(`  spaces: ${l.spaces.map((s) => `${s.name} ${mb(s.used)}`).join(', ')}`);
      await searchLoad();
      const after = [await sample(api, outFile, 'right after the load')];
      for (const wait of [30, 60]) {
        await sleep(30_000);
        after.push(await sample(api, outFile, `${wait} s after the load`));
      }
      const last = after[after.length - 1];
      const delta = (last?.status.rss ?? 0) - idle.status.rss;
      console.log(
        `RSS 60 s after the load − idle: ${mb(delta)} (issue 25 point 8: within 50 MB: ${delta <= 50 * 2 ** 20 ? 'met' : 'NOT met'})`,
      );
    } finally {
      await stopProcess(api);
    }
    if (process.env.BENCH_MEMORY_SNAPSHOT !== '0') {
      const again = startApi(env, true);
      try {
        await waitForAnswer(`http://127.0.0.1:${port}/api/health`, again);
        await sleep(idleSeconds * 1000);
        const { line } = await sample(again, outFile, 'second start, idle (snapshot)');
        if (line.snapshot) summariseSnapshot(line.snapshot);
      } finally {
        await stopProcess(again);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    if (onPostgres) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
  console.log(`load average at the end ${loadAverage()}`);
}

await main();
