import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * SIGTERM drains a real API process (issue 25 point 6, decision 034): started as `npm start` starts it
 * (runServer), it gets SIGTERM while a request is in flight (its body half sent) and a live stream is
 * open. The stream ends with its retry hint, new connections are refused, the request in flight is
 * answered once its body arrives, and the process exits 0 (1 would mean the deadline cut something).
 * Every wait is for an event the process reports (a log line, a socket's end, its exit), never a time.
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const launcher = path.join(apiRoot, 'src/test/drain-launcher.ts');

/** A free port on the loopback, found by listening on port 0. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

let child: ChildProcess;
let port: number;
let dataDir: string;
let announcementId: string;
const lines: string[] = [];
const exited = { code: null as number | null, done: null as Promise<number | null> | null };

/** Resolves with the first line of the process's output `match` accepts (lines already seen included). */
function lineWhere(match: (line: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const seen = lines.find(match);
    if (seen !== undefined) return resolve(seen);
    const onLine = (line: string) => {
      if (!match(line)) return;
      child.off('line', onLine);
      resolve(line);
    };
    child.on('line', onLine);
    child.once('exit', (code) =>
      reject(new Error(`the API exited (${code}) before the line came:\n${lines.join('\n')}`)),
    );
  });
}

/** A JSON log line's fields, or null for any other line. */
const logOf = (line: string): Record<string, unknown> | null => {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-drain-'));
  child = spawn(process.execPath, ['--import', 'tsx', launcher], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      SEED_DEMO: 'never',
      DEV_TOOLS: 'off',
      DELIVERY_WORKER: 'off',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: '60000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited.done = new Promise((resolve) => child.once('exit', (code) => resolve((exited.code = code))));
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString();
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      lines.push(line);
      child.emit('line', line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const announced = await lineWhere((line) => line.startsWith('ANNOUNCEMENT '));
  announcementId = announced.split(' ')[1] ?? '';
  await lineWhere((line) => logOf(line)?.startMs !== undefined);
}, 120_000);

afterAll(() => {
  if (exited.code === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('ends live streams with a retry hint, refuses new connections, finishes the request in flight and exits 0', async () => {
    // A live stream, read until it ends.
    let streamed = '';
    const streamEnded = new Promise<void>((resolve, reject) => {
      const request = http.get({
        host: '127.0.0.1',
        port,
        agent: false,
        path: `/api/announcement/${announcementId}/events`,
      });
      request.on('error', reject);
      request.on('response', (response) => {
        expect(response.statusCode).toBe(200);
        response.on('data', (chunk: Buffer) => (streamed += chunk.toString()));
        response.on('end', () => resolve());
        response.on('error', reject);
      });
    });
    await expect.poll(() => streamed).toContain('event: summary');

    // A request in flight: headers sent, half of its body.
    const body = JSON.stringify({ path: '/property/una-casa-con-jardin', referrer: '/properties' });
    const slow = net.connect(port, '127.0.0.1');
    let answer = '';
    const answered = new Promise<void>((resolve) => slow.on('end', () => resolve()));
    slow.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
    slow.write(
      'POST /api/analytics/page-view HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `X-Request-Id: slow-request-1\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await lineWhere((line) => logOf(line)?.reqId === 'slow-request-1');

    child.kill('SIGTERM');
    await lineWhere((line) => logOf(line)?.msg === 'shutting down');

    // The stream ends with its client's cue to come back, to whichever process answers then.
    await streamEnded;
    expect(streamed).toMatch(
      /retry: 1000\nevent: closing\ndata: \{"reason":"shutdown","retryMs":1000\}\n\n$/,
    );

    // New connections are refused while the request is still in flight.
    const refused = () =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve('accepted');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    await expect.poll(refused).toBe('ECONNREFUSED');
    expect(exited.code).toBeNull();

    // The rest of the body: the request is answered, and its connection closed.
    slow.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"recorded":true');

    // Drained in time: exit code 0.
    expect(await exited.done).toBe(0);
    const done = lines.map(logOf).find((log) => log?.msg === 'shutdown: done');
    expect(done).toMatchObject({ outcome: 'drained' });
  }, 120_000);
});
