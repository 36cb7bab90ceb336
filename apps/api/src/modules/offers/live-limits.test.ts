import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncement } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { bearer, userWithSession } from '../../test/auth-helpers';

/**
 * The caps of open live streams (issue 22 point 7): per signed-in person, in all, and each slot given back
 * when its stream ends or when the request fails. A server of its own with small caps
 * (LIVE_STREAMS_PER_USER=2, LIVE_STREAMS_TOTAL=4), over real sockets; every wait is for an event (the
 * server's side of a connection closing), never for a time.
 */

const PER_USER = 2;
const TOTAL = 4;

let t: TestApp;
let port: number;
let announcementId: string;
type Person = Awaited<ReturnType<typeof userWithSession>>;
let ana: Person;
let bruno: Person;
let carla: Person;
/** The server's side of each connection, by the client's address and port. */
const serverSockets = new Map<string, Socket>();

beforeAll(async () => {
  t = await createTestApp({
    LIVE_STREAMS_PER_USER: String(PER_USER),
    LIVE_STREAMS_TOTAL: String(TOTAL),
  });
  t.app.server.on('connection', (socket: Socket) => {
    serverSockets.set(`${socket.remoteAddress}:${socket.remotePort}`, socket);
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  ana = await userWithSession(t.database.db, { name: 'Ana', surname: 'Primera' });
  bruno = await userWithSession(t.database.db, { name: 'Bruno', surname: 'Segundo' });
  carla = await userWithSession(t.database.db, { name: 'Carla', surname: 'Tercera' });
  const owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña' });
  ({
    announcement: { id: announcementId },
  } = await createAnnouncement(t.database.db, owner.user.id));
});
afterAll(() => t.close());

interface Opened {
  status: number;
  retryAfter: string | undefined;
  body: () => Promise<string>;
  /** Closes the connection and resolves once the server has seen it close. */
  close: () => Promise<void>;
}

/** A request on a connection of its own (no keep-alive pool), from `localAddress` on the loopback. */
function open(token?: string, id = announcementId, localAddress = '127.0.0.1'): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const request = http.get({
      host: '127.0.0.1',
      port,
      localAddress,
      agent: false,
      path: `/api/announcement/${id}/events`,
      headers: token ? bearer(token) : {},
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const client = response.socket;
      const server = serverSockets.get(`${client.localAddress}:${client.localPort}`);
      if (!server) {
        reject(new Error('the server did not see this connection'));
        return;
      }
      resolve({
        status: response.statusCode ?? 0,
        retryAfter: response.headers['retry-after'],
        body: async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of response) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks).toString();
        },
        close: () =>
          new Promise((done) => {
            if (server.destroyed) {
              done();
              return;
            }
            server.once('close', () => done());
            request.destroy();
          }),
      });
    });
  });
}

async function expectRefused(opened: Opened) {
  expect(opened.status).toBe(503);
  expect(opened.retryAfter).toBe('30');
  expect(JSON.parse(await opened.body())).toMatchObject({ errors: [{ code: 'LIVE_STREAMS_FULL' }] });
}

const closeAll = (streams: Opened[]) => Promise.all(streams.map((stream) => stream.close()));

describe('caps of open live streams', () => {
  it(`refuses a person's stream past ${PER_USER} open (503, Retry-After) while another person connects`, async () => {
    const first = await open(ana.token);
    const second = await open(ana.token);
    expect([first.status, second.status]).toEqual([200, 200]);
    // From another address too: the cap is the person's, not the address's.
    const third = await open(ana.token, announcementId, '127.0.0.2');
    await expectRefused(third);
    const other = await open(bruno.token);
    expect(other.status).toBe(200);
    await closeAll([first, second, third, other]);
  });

  it(`refuses any stream past ${TOTAL} open in the process, anonymous ones counted`, async () => {
    const streams = [
      await open(ana.token),
      await open(bruno.token),
      await open(),
      await open(undefined, announcementId, '127.0.0.3'),
    ];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200]);
    await expectRefused(await open(carla.token));
    await expectRefused(await open(undefined, announcementId, '127.0.0.4'));
    await closeAll(streams);
  });

  it('gives a slot back when its client leaves: a new stream is accepted after a close', async () => {
    const streams = [await open(ana.token), await open(ana.token)];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
    await expectRefused(await open(ana.token));
    const [leaving, staying] = streams;
    if (!leaving || !staying) throw new Error('two streams expected');
    await leaving.close();
    const again = await open(ana.token);
    expect(again.status).toBe(200);
    await closeAll([staying, again]);

    // Once every stream has closed the whole process's count is free again: four open at once.
    const four = [await open(ana.token), await open(bruno.token), await open(carla.token), await open()];
    expect(four.map((stream) => stream.status)).toEqual([200, 200, 200, 200]);
    await closeAll(four);
  });

  it('gives a slot back when the request fails after taking it (404)', async () => {
    for (let i = 0; i < PER_USER + 1; i += 1) {
      const unknown = await open(ana.token, randomUUID());
      expect(unknown.status).toBe(404);
      expect(JSON.parse(await unknown.body())).toMatchObject({ errors: [{ code: 'NOT_FOUND' }] });
    }
    const streams = [await open(ana.token), await open(ana.token)];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
    await closeAll(streams);
  });
});
