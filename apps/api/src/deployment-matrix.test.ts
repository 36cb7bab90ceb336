// The deployment-configuration matrix (issue 22, decision 027): every combination of NODE_ENV × HOST ×
// PUBLIC_URL × TRUST_PROXY started for real, as `npm start` runs the API, and asked from outside, with and
// without a proxy's headers, what answers: the development outbox, the demo agent, the payment sandbox,
// /api/docs, and whether keys were generated beside the data. The table it observes must be the one in
// docs/SECURITY.md ("Deployment configurations"): `UPDATE_SECURITY_MATRIX=1` writes it there.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';
import { builtApiMain } from './test/built-api';
import { DEV_TOOLS_TOKEN_HEADER } from '@casaoferta/domain/dev-tools';
import { demoAccounts } from './db/seed/demo-accounts';
import { productionEnv } from './test/production-env';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const securityDoc = path.join(repoRoot, 'docs/SECURITY.md');
const START = '<!-- deployment-matrix:start -->';
const END = '<!-- deployment-matrix:end -->';

interface Setting {
  NODE_ENV?: string;
  HOST: string;
  PUBLIC_URL?: string;
  TRUST_PROXY?: string;
  PAYMENT_PROVIDER?: string;
}

const settings: Setting[] = [];
for (const NODE_ENV of [undefined, 'development', 'production']) {
  for (const HOST of ['127.0.0.1', '0.0.0.0']) {
    for (const PUBLIC_URL of [undefined, 'https://casaoferta.example']) {
      for (const TRUST_PROXY of [undefined, '1']) settings.push({ NODE_ENV, HOST, PUBLIC_URL, TRUST_PROXY });
    }
  }
}
// Beyond the grid: the sandbox chosen on purpose in production (a shared demo without charges).
settings.push({
  NODE_ENV: 'production',
  HOST: '0.0.0.0',
  PUBLIC_URL: 'https://casaoferta.example',
  TRUST_PROXY: '1',
  PAYMENT_PROVIDER: 'sandbox',
});

/** What a proxy in front adds (nginx's proxy_pass with the usual headers), and a forged host. */
const proxied = {
  'x-forwarded-for': '198.51.100.23',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'xfh.evil.example',
};

interface Observed {
  start: string;
  outbox: string;
  outboxViaProxy: string;
  demoAgent: string;
  demoAgentViaProxy: string;
  payments: string;
  docs: string;
  generatedKeys: string;
}

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The environment of a start: only what the setting names, over a clean base (no inherited NODE_ENV). */
function environment(setting: Setting, port: number, dataDir: string): NodeJS.ProcessEnv {
  const production = setting.NODE_ENV === 'production';
  const { NODE_ENV: _env, PUBLIC_URL: _url, ...secrets } = productionEnv;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    // Generated demo photos: the shipped ones are not what this test is about.
    PHOTOS_DIR: '/nonexistent-photos',
    // A production start gets its keys and delivering providers (delivery off: nothing leaves).
    ...(production ? secrets : { DELIVERY_WORKER: 'off' }),
  };
  for (const key of ['NODE_ENV', 'HOST', 'PUBLIC_URL', 'TRUST_PROXY', 'PAYMENT_PROVIDER'] as const) {
    const value = setting[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

interface Started {
  output: string;
  stop(): Promise<void>;
}

/** Starts the compiled API (what `npm start` runs); resolves when it listens, or with its refusal. */
function start(env: NodeJS.ProcessEnv): Promise<{ refused: string } | Started> {
  const child = spawn(process.execPath, [builtApiMain], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/escuchando en/.test(output)) {
        // The console block of the local start comes right after the listening line.
        setTimeout(() => {
          resolve({
            get output() {
              return output;
            },
            async stop() {
              child.kill('SIGTERM');
              await exited;
            },
          });
        }, 300);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      if (code === 0) reject(new Error(`exited without listening: ${output}`));
      else resolve({ refused: output });
    });
  });
}

/** The reason a refusal names, short: the variables named, or the network it found. */
function refusalReason(output: string): string {
  const reach = /recibir conexiones de la red \((.+?)\) y no es de producción/.exec(output);
  if (reach?.[1])
    return `refuses: reachable (${reach[1].replace(/ no es la interfaz local|: .*$/, '')}), not production`;
  const named = [...output.matchAll(/^ {2}([A-Z_]+(?:, [A-Z_]+)*):/gm)].map((match) => match[1]);
  if (named.length > 0) return `refuses: ${named.join(', ')} missing`;
  throw new Error(`an exit without a configuration message: ${output}`);
}

async function observe(setting: Setting, dataDir: string): Promise<Observed> {
  const port = await freePort();
  const started = await start(environment(setting, port, dataDir));
  if ('refused' in started) {
    const none = '—';
    return {
      start: refusalReason(started.refused),
      outbox: none,
      outboxViaProxy: none,
      demoAgent: none,
      demoAgentViaProxy: none,
      payments: none,
      docs: none,
      generatedKeys: none,
    };
  }
  try {
    const base = `http://127.0.0.1:${port}`;
    const output = started.output;
    // The secrets only the console shows: a token in the outbox's link, the demo agent's password.
    const token = /#token=([A-Za-z0-9_-]+)/.exec(output)?.[1] ?? 'x'.repeat(32);
    const password = /contraseña (\S+)/.exec(output)?.[1] ?? 'casaoferta-demo';
    const outbox = async (headers: Record<string, string>) =>
      (await fetch(`${base}/api/dev/outbox`, { headers: { ...headers, [DEV_TOOLS_TOKEN_HEADER]: token } }))
        .status;
    const login = async (headers: Record<string, string>) =>
      (
        await fetch(`${base}/api/authentication/agents/authenticate`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ email: demoAccounts.agent.email, password }),
        })
      ).status;
    // 404 is the outbox's only refusal; the agent's login refuses with 401, or 429 once the address is
    // locked by earlier starts' attempts on the same data: both are "refused".
    const answers = (status: number) => (status === 200 ? 'answers' : status === 404 ? '404' : 'refused');
    const health = await fetch(`${base}/api/health`);
    const csp = health.headers.get('content-security-policy') ?? '';
    const docs = (await fetch(`${base}/api/docs`, { redirect: 'manual' })).status;
    const warned = /PAYMENT_PROVIDER=sandbox en producción/.test(output);
    return {
      start: warned ? 'starts, warns: payment sandbox' : 'starts',
      outbox: answers(await outbox({})),
      outboxViaProxy: answers(await outbox(proxied)),
      demoAgent: answers(await login({})),
      demoAgentViaProxy: answers(await login(proxied)),
      payments: csp.includes('js.stripe.com') ? 'stripe' : 'sandbox',
      docs: docs === 404 ? '404' : 'answers',
      generatedKeys: fs.existsSync(path.join(dataDir, 'documents.key')) ? 'yes' : 'no',
    };
  } finally {
    await started.stop();
  }
}

const cell = (value: string | undefined) => (value === undefined ? '_(unset)_' : `\`${value}\``);

function table(rows: { setting: Setting; observed: Observed }[]): string {
  const header =
    '| NODE_ENV | HOST | PUBLIC_URL | TRUST_PROXY | start | outbox with the printed token | the same through a proxy | demo agent with the printed password | the same through a proxy | card payments | `/api/docs` | key generated in DATA_DIR |';
  const rule = `|${' --- |'.repeat(12)}`;
  const lines = rows.map(({ setting, observed: o }) => {
    const env = setting.PAYMENT_PROVIDER
      ? `${cell(setting.NODE_ENV)}, \`PAYMENT_PROVIDER=${setting.PAYMENT_PROVIDER}\``
      : cell(setting.NODE_ENV);
    return `| ${[
      env,
      cell(setting.HOST),
      setting.PUBLIC_URL ? 'set' : '_(unset)_',
      cell(setting.TRUST_PROXY),
      o.start,
      o.outbox,
      o.outboxViaProxy,
      o.demoAgent,
      o.demoAgentViaProxy,
      o.payments,
      o.docs,
      o.generatedKeys,
    ].join(' | ')} |`;
  });
  return [header, rule, ...lines].join('\n');
}

const rows: { setting: Setting; observed: Observed }[] = [];

beforeAll(async () => {
  // The local starts share a data dir, in turn (the first loads the demo data); so do the production ones
  // (each stops before the next: the lock is free). Those two chains and the refusals run side by side.
  const local = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-matrix-local-'));
  const production = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-matrix-production-'));
  dataDirs.push(local, production);
  const observed = new Map<Setting, Observed>();
  const chain = async (items: Setting[], dir: () => string) => {
    for (const setting of items) observed.set(setting, await observe(setting, dir()));
  };
  const reachable = (setting: Setting) =>
    setting.HOST !== '127.0.0.1' || setting.PUBLIC_URL !== undefined || setting.TRUST_PROXY !== undefined;
  const isProduction = (setting: Setting) => setting.NODE_ENV === 'production';
  const refusals = settings.filter((setting) => !isProduction(setting) && reachable(setting));
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-matrix-refused-'));
    dataDirs.push(dir);
    return dir;
  };
  await Promise.all([
    chain(
      settings.filter((setting) => !isProduction(setting) && !reachable(setting)),
      () => local,
    ),
    chain(settings.filter(isProduction), () => production),
    // Refused before anything is opened: two at a time, each with a data dir of its own.
    chain(
      refusals.filter((_, index) => index % 2 === 0),
      freshDir,
    ),
    chain(
      refusals.filter((_, index) => index % 2 === 1),
      freshDir,
    ),
  ]);
  for (const setting of settings) {
    const result = observed.get(setting);
    if (!result) throw new Error(`not observed: ${JSON.stringify(setting)}`);
    rows.push({ setting, observed: result });
  }
}, 300_000);

describe('the deployment-configuration matrix', () => {
  it('is the table in docs/SECURITY.md', () => {
    const observed = table(rows);
    const doc = fs.readFileSync(securityDoc, 'utf8');
    const from = doc.indexOf(START);
    const to = doc.indexOf(END);
    if (process.env.UPDATE_SECURITY_MATRIX === '1' && from >= 0 && to > from) {
      fs.writeFileSync(securityDoc, `${doc.slice(0, from + START.length)}\n${observed}\n${doc.slice(to)}`);
    }
    const documented = fs.readFileSync(securityDoc, 'utf8');
    const inDoc = documented.slice(documented.indexOf(START) + START.length, documented.indexOf(END)).trim();
    expect(inDoc, 'docs/SECURITY.md is stale: run with UPDATE_SECURITY_MATRIX=1').toBe(observed);
  });

  it('never opens the outbox or the demo agent through a proxy, nor to a start others can reach', () => {
    for (const { setting, observed } of rows) {
      const reachable =
        setting.NODE_ENV === 'production' ||
        setting.HOST !== '127.0.0.1' ||
        setting.PUBLIC_URL !== undefined ||
        setting.TRUST_PROXY !== undefined;
      const label = JSON.stringify(setting);
      expect(observed.outboxViaProxy, label).not.toBe('answers');
      expect(observed.demoAgentViaProxy, label).not.toBe('answers');
      if (reachable) {
        expect([observed.outbox, observed.demoAgent], label).not.toContain('answers');
        expect(observed.generatedKeys, label).not.toBe('yes');
      }
      if (reachable && setting.NODE_ENV !== 'production') expect(observed.start, label).toMatch(/^refuses/);
    }
  });

  it('has the conveniences on a local start, for the console that shows the secrets', () => {
    const localRows = rows.filter(
      ({ setting }) =>
        setting.NODE_ENV !== 'production' &&
        setting.HOST === '127.0.0.1' &&
        !setting.PUBLIC_URL &&
        !setting.TRUST_PROXY,
    );
    expect(localRows).toHaveLength(2);
    for (const { observed } of localRows) {
      expect(observed).toMatchObject({
        start: 'starts',
        outbox: 'answers',
        demoAgent: 'answers',
        payments: 'sandbox',
        docs: 'answers',
        generatedKeys: 'yes',
      });
    }
  });

  it('refuses production without PUBLIC_URL, and has neither sandbox nor docs in production by default', () => {
    for (const { setting, observed } of rows.filter((row) => row.setting.NODE_ENV === 'production')) {
      const label = JSON.stringify(setting);
      if (!setting.PUBLIC_URL) expect(observed.start, label).toBe('refuses: PUBLIC_URL missing');
      else if (setting.PAYMENT_PROVIDER === 'sandbox') {
        expect(observed, label).toMatchObject({
          start: 'starts, warns: payment sandbox',
          payments: 'sandbox',
        });
      } else expect(observed, label).toMatchObject({ start: 'starts', payments: 'stripe', docs: '404' });
    }
  });
});
