// The compiled API (scripts/api-build.mjs, issue 29 point 6, decision 036) as `npm start` runs it: plain
// JavaScript with no TypeScript loader, which finds its migrations and data from apps/api/dist, answers
// /api/health/ready, and reads an uploaded PDF in its child process (dist/pdf-worker.js, forked without
// tsx). The heavy libraries only some routes use stay out of what the start loads.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './db/client';
import { createUser } from './db/factories';
import { createSession } from './platform/auth';
import { makePdf, withOpenAction } from './modules/documents/test-support';
import { builtApiMain } from './test/built-api';
import { freePort } from './test/free-port';
import { multipart } from './test/multipart';
import { repoRoot } from './runtime-paths';

const dist = path.dirname(builtApiMain);

/** The packages a module of the build imports at its top (`import … from "x"`), not with import(). */
const staticImports = (file: string): string[] =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map(
    (match) => match[1] ?? '',
  );

describe('the compiled build', () => {
  it('is plain JavaScript: no TypeScript loader, no .ts module', () => {
    const files = fs.readdirSync(dist).filter((file) => file.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(['main.js', 'pdf-worker.js']));
    for (const file of files) {
      const imports = staticImports(path.join(dist, file));
      expect(imports.filter((name) => name === 'tsx' || name.endsWith('.ts'))).toEqual([]);
    }
    expect(fs.existsSync(path.join(dist, 'migrations/meta/_journal.json'))).toBe(true);
  });

  it('loads at start none of the libraries only some routes use (PDF, images, providers, queue)', () => {
    // What main.js imports, and the chunks it imports statically, is what every start loads.
    const loaded = new Set<string>();
    const visit = (file: string) => {
      for (const name of staticImports(path.join(dist, file))) {
        if (name.startsWith('./')) {
          if (!loaded.has(name)) {
            loaded.add(name);
            visit(name.slice(2));
          }
        } else loaded.add(name);
      }
    };
    visit('main.js');
    const lazy = [
      'pdf-lib',
      '@pdf-lib/fontkit',
      '@signpdf/signpdf',
      '@signpdf/placeholder-pdf-lib',
      'node-forge',
      'sharp',
      'twilio',
      'stripe',
      'nodemailer',
      'graphile-worker',
      '@aws-sdk/client-s3',
    ];
    expect(lazy.filter((name) => loaded.has(name))).toEqual([]);
  });
});

describe('the compiled API, started as `npm start` starts it', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-build-'));
  let child: ChildProcess;
  let exited: Promise<number | null>;
  let base = '';
  let token = '';
  let output = '';

  beforeAll(async () => {
    // A user with a session, written before the start (the running API holds the data dir's lock).
    const database = await openPglite(dataDir);
    await database.migrate();
    const user = await createUser(database.db);
    token = (await createSession(database.db, { userId: user.id, kind: 'user' })).token;
    await database.close();

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [builtApiMain], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        SEED_DEMO: 'never',
        DELIVERY_WORKER: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the built API exited: ${output}`);
      const ready = await fetch(`${base}/api/health/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 60_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /api/health/ready with its database and files', async () => {
    const response = await fetch(`${base}/api/health/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: { status: 'ready', checks: { database: 'ok', files: 'ok' } },
    });
  });

  it('reads an uploaded PDF in its child process: a plain one is kept, one that runs JavaScript refused', async () => {
    const upload = async (bytes: Buffer) => {
      const body = await multipart(
        { kindCode: 'TDK002' },
        { name: 'nomina.pdf', type: 'application/pdf', bytes },
      );
      return fetch(`${base}/api/document`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        body: body.payload,
      });
    };
    const plain = await upload(await makePdf());
    expect(plain.status, await plain.clone().text()).toBe(201);
    const unsafe = await upload(await makePdf({ edit: withOpenAction('JavaScript') }));
    expect(unsafe.status).toBe(422);
    expect(((await unsafe.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('DOCUMENT_UNSAFE');
  });

  it('stops on SIGTERM with code 0, its data-dir lock released', async () => {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'casaoferta.lock'))).toBe(false);
  });
});
