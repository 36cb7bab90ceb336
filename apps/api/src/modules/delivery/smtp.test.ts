import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../db/client';
import { createUser } from '../../db/factories';
import { createTestDatabase } from '../../test/helpers';
import type { RunningWorker } from './poller';
import { outboxProvider, type Provider } from './providers';
import { smtpProvider, type SmtpSettings } from './smtp';
import { allSettled, fastPolicy, queue, rowOf, rowsOf, startWorker } from './test-support';
import { startSmtpServer } from './smtp-test-server';

/** A TCP server that misbehaves: says nothing (time-out), or greets and drops the connection. */
async function startBrokenServer(kind: 'silent' | 'drop') {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (kind === 'drop') {
      socket.write('220 casaoferta.test ESMTP\r\n');
      socket.once('data', () => socket.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const settings = (port: number, overrides: Partial<SmtpSettings> = {}): SmtpSettings => ({
  host: '127.0.0.1',
  port,
  tls: 'none',
  from: 'Casaoferta <no-responder@casaoferta.es>',
  timeoutMs: 2_000,
  publicUrl: 'https://casaoferta.es',
  ...overrides,
});

let database: Database;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => database.close());
const db = () => database.db;

async function deliverWith(email: Provider, policy = fastPolicy(3)): Promise<RunningWorker> {
  const worker = await startWorker(
    database,
    { email, sms: outboxProvider, whatsapp: outboxProvider },
    policy,
  );
  cleanups.push(() => worker.stop());
  return worker;
}

const email = (recipient: string, subject: string, body: string) => ({
  channel: 'email' as const,
  recipient,
  subject,
  body,
});

describe('e-mail over SMTP', () => {
  it('reaches a real SMTP server: subject, recipient, both bodies and the links', async () => {
    const server = await startSmtpServer();
    cleanups.push(server.close);
    await deliverWith(smtpProvider(settings(server.port)));
    const [id = ''] = await queue(db(), [
      email(
        'ana@example.com',
        'Has recibido una nueva oferta',
        'Has recibido una oferta de 1.200 €/mes en «Piso en Chamberí».\n\nVela en https://casaoferta.es/property/3f1c?tab=ofertas y compárala.',
      ),
    ]);
    await allSettled(db(), [id]);
    const row = await rowOf(db(), id);
    expect(row).toMatchObject({ status: 'sent', provider: 'smtp', attempts: 1 });
    expect(server.received).toHaveLength(1);
    const [{ mail, envelope } = { mail: undefined, envelope: undefined }] = server.received;
    expect(mail?.subject).toBe('Has recibido una nueva oferta');
    expect(mail?.messageId).toBe(row?.providerMessageId);
    // The same for every attempt at this outbox row: a copy sent again is one message (decision 030).
    expect(mail?.messageId).toBe(`<${id}@casaoferta.es>`);
    expect(mail?.from?.value).toEqual([{ name: 'Casaoferta', address: 'no-responder@casaoferta.es' }]);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([
      'ana@example.com',
    ]);
    expect(envelope?.rcptTo.map((r) => r.address)).toEqual(['ana@example.com']);
    expect(mail?.text).toContain('Has recibido una oferta de 1.200 €/mes en «Piso en Chamberí».');
    expect(mail?.text).toContain('https://casaoferta.es/property/3f1c?tab=ofertas');
    expect(mail?.text).toContain('https://casaoferta.es/settings');
    const html = mail?.html === false ? '' : (mail?.html ?? '');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Piso en Chamberí');
    expect(html).toContain('<a href="https://casaoferta.es/property/3f1c?tab=ofertas"');
    expect(html).toContain('<a href="https://casaoferta.es/settings"');
    expect(html).toContain('Este mensaje se envía automáticamente');
  });

  it("carries a person's unsubscribe link (footer and List-Unsubscribe), and none to an unknown address", async () => {
    const server = await startSmtpServer();
    cleanups.push(server.close);
    await deliverWith(smtpProvider(settings(server.port)));
    const person = await createUser(db(), { email: `luis.${Date.now()}@example.com` });
    const ids = await queue(db(), [
      email(person.email ?? '', 'Tu anuncio termina pronto', 'Quedan tres días.'),
      email('nadie@example.com', 'Confirma tu correo en Casaoferta', 'Abre el enlace.'),
    ]);
    await allSettled(db(), ids);
    const byRecipient = (address: string) =>
      server.received.find((r) => r.envelope.rcptTo.some((to) => to.address === address))?.mail;
    const link = `https://casaoferta.es/unsubscribe?token=${person.unsubscribeToken}`;
    const mail = byRecipient(person.email ?? '');
    expect(mail?.text).toContain(`Para no recibir más correos de Casaoferta, date de baja: ${link}`);
    expect(mail?.html === false ? '' : mail?.html).toContain(`<a href="${link}"`);
    expect(mail?.headers.get('list')).toMatchObject({ unsubscribe: { url: link } });
    const other = byRecipient('nadie@example.com');
    expect(other?.text).not.toContain('/unsubscribe');
    expect(other?.headers.has('list-unsubscribe')).toBe(false);
  });

  it('upgrades to TLS (STARTTLS) and logs in with the configured user and password', async () => {
    const logins: string[] = [];
    let secure = false;
    const server = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      disableReverseLookup: true,
      logger: false,
      onAuth(auth, session, callback) {
        logins.push(`${auth.username ?? ''}:${auth.password ?? ''}:${session.secure ? 'tls' : 'plain'}`);
        if (auth.username === 'casaoferta' && auth.password === 'secreto')
          return callback(null, { user: 'casaoferta' });
        callback(new Error('Credenciales no válidas'));
      },
      onData(stream, session, callback) {
        secure = session.secure;
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const tls = { tls: 'starttls' as const, rejectUnauthorized: false };
    await deliverWith(smtpProvider(settings(port, { ...tls, user: 'casaoferta', password: 'secreto' })));
    const [id = ''] = await queue(db(), [email('ana@example.com', 'Hola', 'Texto')]);
    await allSettled(db(), [id]);
    expect(await rowOf(db(), id)).toMatchObject({ status: 'sent' });
    expect(logins).toEqual(['casaoferta:secreto:tls']);
    expect(secure).toBe(true);
  });

  it('writes no header from a line break in a subject or a sender name, and refuses such an address', async () => {
    const server = await startSmtpServer();
    cleanups.push(server.close);
    await deliverWith(
      smtpProvider(
        settings(server.port, { from: 'Casa\r\nBcc: intruso@example.com <no-responder@casaoferta.es>' }),
      ),
    );
    const [injected = '', badAddress = ''] = await queue(db(), [
      email(
        'ana@example.com',
        'Hola\r\nBcc: intruso@example.com\r\nX-Evil: 1',
        'Texto\r\n\r\n<script>alert(1)</script>',
      ),
      email('ana@example.com\r\nBcc: intruso@example.com', 'Hola', 'Texto'),
    ]);
    await allSettled(db(), [injected, badAddress]);
    expect(await rowOf(db(), injected)).toMatchObject({ status: 'sent' });
    expect(await rowOf(db(), badAddress)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'dirección de correo no válida',
    });
    expect(server.received).toHaveLength(1);
    const [{ mail, envelope } = { mail: undefined, envelope: undefined }] = server.received;
    expect(envelope?.rcptTo.map((r) => r.address)).toEqual(['ana@example.com']);
    expect(mail?.headers.has('bcc')).toBe(false);
    expect(mail?.headers.has('x-evil')).toBe(false);
    expect(mail?.subject).toBe('Hola Bcc: intruso@example.com X-Evil: 1');
    const html = mail?.html === false ? '' : (mail?.html ?? '');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('fails at once a recipient the server refuses (550) and an address that is not one', async () => {
    const server = await startSmtpServer({ refuseRecipient: (address) => address.startsWith('nadie@') });
    cleanups.push(server.close);
    await deliverWith(smtpProvider(settings(server.port)));
    const [refused = '', invalid = ''] = await queue(db(), [
      email('nadie@example.com', 'Hola', 'Texto'),
      email('no-es-un-correo', 'Hola', 'Texto'),
    ]);
    await allSettled(db(), [refused, invalid]);
    const refusedRow = await rowOf(db(), refused);
    expect(refusedRow).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refusedRow?.lastError).toMatch(/^EENVELOPE: .*550/);
    expect(await rowOf(db(), invalid)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(server.received).toHaveLength(0);
  });

  it('tries again after a temporary refusal (451) and delivers once', async () => {
    const server = await startSmtpServer({ failData: (count) => (count === 1 ? 451 : null) });
    cleanups.push(server.close);
    await deliverWith(smtpProvider(settings(server.port)));
    const [id = ''] = await queue(db(), [email('ana@example.com', 'Hola', 'Texto')]);
    await allSettled(db(), [id]);
    expect(await rowOf(db(), id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(server.received).toHaveLength(1);
  });

  it.each([
    ['refuses connections', 'refused'],
    ['never answers', 'silent'],
    ['drops the connection', 'drop'],
  ] as const)('retries a server that %s, then fails the message with the error', async (_what, kind) => {
    let port: number;
    if (kind === 'refused') {
      // A port nothing listens on: take a free one and close it.
      const probe = await startBrokenServer('silent');
      port = probe.port;
      await probe.close();
    } else {
      const broken = await startBrokenServer(kind);
      cleanups.push(broken.close);
      port = broken.port;
    }
    await deliverWith(smtpProvider(settings(port, { timeoutMs: 300 })), fastPolicy(3));
    const [id = ''] = await queue(db(), [email('ana@example.com', 'Hola', 'Texto')]);
    await allSettled(db(), [id], 20_000);
    const row = await rowOf(db(), id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, provider: 'smtp' });
    expect(row?.lastError).toMatch(/^(ECONNECTION|ETIMEDOUT|ESOCKET|EPROTOCOL)/);
  });

  it('drains a burst through a local SMTP server with two workers: every message once', async () => {
    const count = Number(process.env.DELIVERY_BURST ?? 300);
    const server = await startSmtpServer();
    cleanups.push(server.close);
    const ids = await queue(
      db(),
      Array.from({ length: count }, (_, i) =>
        email(`persona${i}@example.com`, `Aviso ${i}`, `Texto del aviso ${i}`),
      ),
    );
    const started = performance.now();
    // Two workers, as two API processes (on PostgreSQL two graphile-worker runners).
    await Promise.all([
      deliverWith(smtpProvider(settings(server.port))),
      deliverWith(smtpProvider(settings(server.port))),
    ]);
    await allSettled(db(), ids, 120_000);
    const seconds = (performance.now() - started) / 1000;
    const rows = await rowsOf(db(), ids);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    const recipients = server.received.flatMap((r) => r.envelope.rcptTo.map((a) => a.address));
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    console.info(
      `burst: ${count} e-mails, 2 workers, drained in ${seconds.toFixed(1)} s (${(count / seconds).toFixed(0)}/s)`,
    );
  }, 180_000);
});
