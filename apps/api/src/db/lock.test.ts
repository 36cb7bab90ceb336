import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, isRunning, lockDataDir } from './lock';
import { builtApiMain } from '../test/built-api';

const tmpDirs: string[] = [];
const children: ChildProcess[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-lock-'));
  tmpDirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of tmpDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const writeLock = (dir: string, pid: number, host = os.hostname()) =>
  fs.writeFileSync(path.join(dir, 'casaoferta.lock'), JSON.stringify({ pid, host, since: 'x' }));

describe('lockDataDir', () => {
  it('refuses a data dir held by a live process', () => {
    const dir = tmp();
    const holder = spawn('sleep', ['30']);
    children.push(holder);
    writeLock(dir, holder.pid ?? 0);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/ya está en uso/);
  });

  it('takes over the lock of a process that is gone, and releases it', () => {
    const dir = tmp();
    writeLock(dir, 2 ** 22 + 12345); // above pid_max: no such process
    const release = lockDataDir(dir);
    const lock = JSON.parse(fs.readFileSync(path.join(dir, 'casaoferta.lock'), 'utf8'));
    expect(lock.pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, 'casaoferta.lock'))).toBe(false);
  });

  it.skipIf(!fs.existsSync('/proc/self/stat'))(
    'takes over the lock of a process that is a zombie (killed, not yet reaped by its parent)',
    async () => {
      const dir = tmp();
      // `sleep 0` ends at once; its parent becomes `sleep 30` (exec), which never reaps it: a zombie.
      const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      children.push(parent);
      const zombie = await new Promise<number>((resolve) =>
        parent.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      );
      await vi.waitFor(() => expect(fs.readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /));
      // Its pid still answers kill(pid, 0): only its state tells it is gone.
      expect(() => process.kill(zombie, 0)).not.toThrow();
      expect(isRunning(zombie)).toBe(false);
      expect(isRunning(process.pid)).toBe(true);
      writeLock(dir, zombie);
      const release = lockDataDir(dir);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'casaoferta.lock'), 'utf8')).pid).toBe(process.pid);
      release();
    },
  );
});

function startServer(dataDir: string, port: number) {
  // The compiled API, as `npm start` runs it.
  const child = spawn(process.execPath, [builtApiMain], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: 'never',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('escuchando')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`exited ${code}: ${output}`));
    });
  });
  listening.catch(() => undefined); // awaited only by the tests that expect the server to start
  return { child, exited, listening, output: () => output };
}

describe('a second process on the same DATA_DIR', () => {
  it('is refused with a clear message while the first one runs, and the first shuts down cleanly', async () => {
    const dir = tmp();
    const first = startServer(dir, 18000 + Math.floor(Math.random() * 1000));
    await first.listening;
    const second = startServer(dir, 19000 + Math.floor(Math.random() * 1000));
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('ya está en uso por otro proceso');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'casaoferta.lock'))).toBe(false);
  }, 60_000);

  it('starts at once right after the first one is killed with SIGKILL (no wait for a stale lock)', async () => {
    const dir = tmp();
    const first = startServer(dir, 18000 + Math.floor(Math.random() * 1000));
    await first.listening;
    // Not waiting for its exit: the restart races the kernel's teardown of the killed process.
    first.child.kill('SIGKILL');
    const second = startServer(dir, 19000 + Math.floor(Math.random() * 1000));
    await second.listening;
    expect(second.output()).not.toContain('ya está en uso');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 60_000);
});
