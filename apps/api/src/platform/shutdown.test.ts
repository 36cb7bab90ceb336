import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * SIGTERM drains a real API process (issue 25 point 6, decision 034): started as `npm start` starts it
 * (runServer), it gets SIGTERM while a request is in flight (its body half sent) and a live stream is
 * open. The stream ends with its retry hint, new connections are refused, the request in flight is
 * answered once its body arrives, and the process exits 0. A request whose body never comes is cut at
 * SHUTDOWN_TIMEOUT_MS, and the process exits 1. Every wait is for an event the process reports (a log
 * line, a socket's end, its exit), never a time.
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

/** A JSON log line's fields, or null for any other line. */
const logOf = (line: string): Record<string, unknown> | null => {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** An API process started as `npm start` starts it, with its output read line by line. */
class Api {
  readonly lines: string[] = [];
  code: number | null = null;
  readonly exited: Promise<number | null>;
  readonly child: ChildProcess;
  private readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-drain-'));

  constructor(
    readonly port: number,
    deadlineMs: number,
  ) {
    this.child = spawn(process.execPath, ['--import', 'tsx', launcher], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: this.dataDir,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        SEED_DEMO: 'never',
        DEV_TOOLS: 'off',
        DELIVERY_WORKER: 'off',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: String(deadlineMs),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve((this.code = code))));
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        this.lines.push(line);
        this.child.emit('line', line);
      }
    };
    this.child.stdout?.on('data', onData);
    this.child.stderr?.on('data', onData);
  }

  /** Resolves with the first line of the output `match` accepts (lines already seen included). */
  lineWhere(match: (line: string) => boolean): Promise<string> {
    return new Promise((resolve, reject) => {
      const seen = this.lines.find(match);
      if (seen !== undefined) return resolve(seen);
      const onLine = (line: string) => {
        if (!match(line)) return;
        this.child.off('line', onLine);
        resolve(line);
      };
      this.child.on('line', onLine);
      this.child.once('exit', (code) =>
        reject(new Error(`the API exited (${code}) before the line came:\n${this.lines.join('\n')}`)),
      );
    });
  }

  /** The log line of a message (`msg`), once it came. */
  logged = async (message: string) => logOf(await this.lineWhere((line) => logOf(line)?.msg === message));

  /** Started: the announcement it made, once it listens. */
  async started(): Promise<string> {
    const announced = await this.lineWhere((line) => line.startsWith('ANNOUNCEMENT '));
    await this.lineWhere((line) => logOf(line)?.startMs !== undefined);
    return announced.split(' ')[1] ?? '';
  }

  stop() {
    if (this.code === null) this.child.kill('SIGKILL');
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A request whose headers and half its body are sent: in flight until `finish` sends the rest. */
async function requestInFlight(port: number, requestId: string) {
  const body = JSON.stringify({ path: '/property/una-casa-con-jardin', referrer: '/properties' });
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  const ended = new Promise<void>((resolve) => {
    socket.on('end', () => resolve());
    socket.on('close', () => resolve());
  });
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    'POST /api/analytics/page-view HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `X-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  return {
    finish: () => socket.write(body.slice(10)),
    /** The whole answer, once the server closed the connection ('' when it answered nothing). */
    answer: async () => {
      await ended;
      return answer;
    },
  };
}

/** Whether a new connection to `port` is accepted now, or the error code it gets. */
const connectOutcome = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

const apis: Api[] = [];
afterAll(() => {
  for (const api of apis) api.stop();
});

describe('SIGTERM', () => {
  it('ends live streams with a retry hint, refuses new connections, finishes the request in flight and exits 0', async () => {
    const api = new Api(await freePort(), 60_000);
    apis.push(api);
    const { port } = api;
    const announcementId = await api.started();

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

    const slow = await requestInFlight(port, 'slow-request-1');
    await api.lineWhere((line) => logOf(line)?.reqId === 'slow-request-1');

    api.child.kill('SIGTERM');
    await api.logged('shutting down');

    // The stream ends with its client's cue to come back, to whichever process answers then.
    await streamEnded;
    expect(streamed).toMatch(
      /retry: 1000\nevent: closing\ndata: \{"reason":"shutdown","retryMs":1000\}\n\n$/,
    );

    // New connections are refused while the request is still in flight.
    await expect.poll(() => connectOutcome(port)).toBe('ECONNREFUSED');
    expect(api.code).toBeNull();

    // The rest of the body: the request is answered, and its connection closed.
    slow.finish();
    const answer = await slow.answer();
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"recorded":true');

    // Drained in time: exit code 0.
    expect(await api.exited).toBe(0);
    expect(await api.logged('shutdown: done')).toMatchObject({ outcome: 'drained' });
  }, 120_000);

  it('closes what is left at SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const api = new Api(await freePort(), 1_000);
    apis.push(api);
    await api.started();
    const stuck = await requestInFlight(api.port, 'stuck-request-1');
    await api.lineWhere((line) => logOf(line)?.reqId === 'stuck-request-1');
    api.child.kill('SIGTERM');
    // Its body never comes: the deadline closes its connection, unanswered, and the process still ends.
    expect(await stuck.answer()).toBe('');
    expect(await api.exited).toBe(1);
    expect(await api.logged('shutdown: deadline reached, closing the connections still open')).not.toBeNull();
    expect(await api.logged('shutdown: done')).toMatchObject({ outcome: 'deadline' });
  }, 120_000);
});
