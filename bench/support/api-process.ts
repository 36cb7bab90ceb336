import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type pg from 'pg';
import { sha256 } from '../../apps/api/src/platform/tokens';

/** What the benches that load the API share: its process, and candidates with sessions seeded in SQL. */

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * The API as its own process on `url` (no demo data). BENCH_API_LOG_LEVEL overrides the log level;
 * BENCH_API_NODE_ARGS adds node flags (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). `options.env` adds or
 * overrides settings (bench/offers.ts's delivery phases: the worker and its providers), `options.nodeArgs`
 * node flags after tsx's (a TypeScript `--import`).
 */
export function startApiProcess(
  url: string,
  port: number,
  logLevel: string,
  options: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): ChildProcess {
  const extra = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const args = [...extra, '--import', 'tsx', ...(options.nodeArgs ?? []), 'apps/api/src/main.ts'];
  return spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? logLevel,
      SEED_DEMO: 'never',
      ...options.env,
    },
    stdio: 'inherit',
  });
}

/** `count` users with a session each (token hashes written as createSession does); their ids and tokens. */
export async function seedCandidates(
  client: pg.Client,
  count: number,
): Promise<{ id: string; token: string }[]> {
  const rows = Array.from({ length: count }, () => ({ id: randomUUID(), token: `bench-${randomUUID()}` }));
  await client.query(
    `insert into users (id, name, surname, phone_number)
    select u.id, 'Candidata', 'Bench ' || u.n, '+3471' || lpad(u.n::text, 7, '0')
    from unnest($1::uuid[]) with ordinality u(id, n)`,
    [rows.map((r) => r.id)],
  );
  await client.query(
    `insert into sessions (token_hash, user_id, kind, idle_timeout_seconds, expires_at)
    select s.hash, s.user_id, 'user', 30 * 24 * 3600, now() + interval '90 days'
    from unnest($1::text[], $2::uuid[]) s(hash, user_id)`,
    [rows.map((r) => sha256(r.token)), rows.map((r) => r.id)],
  );
  return rows;
}

/**
 * Waits until `url` answers 2xx (every 50 ms, at most a minute); fails at once when `child`, the process
 * that should answer, has ended.
 */
export async function waitForAnswer(url: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child && child.exitCode !== null) throw new Error(`the API exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}

/** Ends `child` with SIGTERM and waits for it to exit (at once when it has already). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
