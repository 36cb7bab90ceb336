import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** `npm start` as a person runs it, on a free port and a fresh data dir, without building the web app. */
async function npmStart(): Promise<{ npm: ChildProcess; port: number; lockFile: string; apiPid: number }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-npm-start-'));
  const lockFile = path.join(dataDir, 'casaoferta.lock');
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      NODE_ENV: 'test',
      SEED_DEMO: 'never',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as in a terminal, where Ctrl-C signals every process of the group.
    detached: true,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
  cleanups.push(() => {
    // Whatever the test found, nothing it started outlives it.
    const pid = lockPid(lockFile);
    if (pid) killQuietly(pid);
    npm.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('escuchando')) resolve();
    };
    npm.stdout?.on('data', read);
    npm.stderr?.on('data', read);
    void exited.then(() => reject(new Error(`npm start exited: ${output}`)));
  });
  const apiPid = lockPid(lockFile);
  if (!apiPid) throw new Error(`no data-dir lock: ${output}`);
  return { npm, port, lockFile, apiPid };
}

const lockPid = (lockFile: string): number | null => {
  try {
    return (JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number }).pid;
  } catch {
    return null;
  }
};

const killQuietly = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether this process can listen on the port (nothing else holds it). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('npm start', () => {
  it.each([
    ['SIGTERM to npm', (npm: ChildProcess) => npm.kill('SIGTERM')],
    [
      'Ctrl-C (SIGINT to the whole process group)',
      (npm: ChildProcess) => process.kill(-(npm.pid ?? 0), 'SIGINT'),
    ],
  ])(
    'stops the API on %s: the port and the data-dir lock are free when npm exits',
    async (_, stop) => {
      const { npm, port, lockFile, apiPid } = await npmStart();
      const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
      stop(npm);
      await exited;
      expect(isAlive(apiPid)).toBe(false);
      // Closed, not killed: a killed API leaves its lock behind.
      expect(fs.existsSync(lockFile)).toBe(false);
      expect(await canListen(port)).toBe(true);
    },
    60_000,
  );
});
