import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres } from './client';

// A server that accepts connections and never answers: a PostgreSQL host that hangs.
const silent = net.createServer(() => undefined);
const sockets = new Set<net.Socket>();
silent.on('connection', (socket) => sockets.add(socket));
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('the PostgreSQL pool', () => {
  it('gives up connecting after its connection time-out instead of waiting for ever', async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const database = openPostgres(`postgres://casaoferta@127.0.0.1:${port}/casaoferta`, 1, {
      connectTimeoutMs: 200,
      statementTimeoutMs: 15_000,
    });
    try {
      await expect(database.ping()).rejects.toMatchObject({
        cause: expect.objectContaining({ message: expect.stringMatching(/timeout/i) }),
      });
    } finally {
      await database.close();
    }
  });

  // Needs a server: CI sets TEST_DATABASE_URL (README, configuration).
  it.skipIf(!process.env.TEST_DATABASE_URL)('cancels a statement that runs past its time-out', async () => {
    const database = openPostgres(process.env.TEST_DATABASE_URL ?? '', 1, {
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 200,
    });
    try {
      await expect(database.db.execute(sql`select pg_sleep(5)`)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '57014' }),
      });
      await database.ping();
    } finally {
      await database.close();
    }
  });
});
