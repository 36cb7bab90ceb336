import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/helpers';
import { sendOtp } from '../authentication/send-otp';
import { outboxProvider, type Providers } from './providers';
import { twilioProvider } from './twilio';
import { whatsappProvider } from './whatsapp';
import { allSettled, fastPolicy, queue, rowOf, startWorker } from './test-support';
import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/index';
import { REDACTED } from '../../platform/outbox';
import { testSecretKeys as keys } from '../../test/auth-helpers';

interface StubRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface StubAnswer {
  status: number;
  body: unknown;
  delayMs?: number;
}

/** A local stand-in for a provider's HTTP API: records each request, answers from a script. */
async function startStub(script: (request: StubRequest, index: number) => StubAnswer) {
  const requests: StubRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(request);
      const answer = script(request, requests.length);
      const respond = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(respond, answer.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    requests,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

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

async function deliverWith(providers: Partial<Providers>) {
  const worker = await startWorker(
    database,
    {
      sms: outboxProvider,
      email: outboxProvider,
      whatsapp: outboxProvider,
      ...providers,
    },
    fastPolicy(3),
  );
  cleanups.push(() => worker.stop());
}

const twilioCreated = (sid: string) => ({ status: 201, body: { sid, status: 'queued' } });
const twilioError = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

describe('SMS through Twilio', () => {
  const account = 'AC00000000000000000000000000000001';
  const twilioAt = (url: string, timeoutMs = 2_000) =>
    twilioProvider({
      accountSid: account,
      authToken: 'secreto',
      from: 'Casaoferta',
      timeoutMs,
      apiBaseUrl: url,
    });

  it('sends the login code from the configured sender', async () => {
    const stub = await startStub(() => twilioCreated('SM0001'));
    cleanups.push(stub.close);
    await deliverWith({ sms: twilioAt(stub.url) });
    await sendOtp(db(), { phoneNumber: '+34612000001', ip: '127.0.0.1', devLog: null, keys: await keys() });
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, '+34612000001'));
    await allSettled(db(), [row?.id ?? '']);
    expect(await rowOf(db(), row?.id ?? '')).toMatchObject({
      status: 'sent',
      provider: 'twilio',
      providerMessageId: 'SM0001',
    });
    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${account}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${account}:secreto`).toString('base64')}`,
    );
    const form = new URLSearchParams(request?.body);
    expect(form.get('To')).toBe('+34612000001');
    expect(form.get('From')).toBe('Casaoferta');
    // The code reaches the provider; the row keeps it redacted, and its sealed copy is gone.
    expect(form.get('Body')).toMatch(/\d{6}/);
    expect(form.get('Body')?.replace(/\d{6}/, REDACTED)).toBe(row?.body);
    expect((await rowOf(db(), row?.id ?? ''))?.sealedBody).toBeNull();
  });

  it('sends the login code in the configured text (SMS_LOGIN_TEXT)', async () => {
    const stub = await startStub(() => twilioCreated('SM0002'));
    cleanups.push(stub.close);
    await deliverWith({ sms: twilioAt(stub.url) });
    const text = 'Casaoferta: tu código es {code} (5 min).';
    await sendOtp(db(), {
      phoneNumber: '+34612000002',
      ip: '127.0.0.1',
      devLog: null,
      text,
      keys: await keys(),
    });
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, '+34612000002'));
    await allSettled(db(), [row?.id ?? '']);
    const body = new URLSearchParams(stub.requests[0]?.body).get('Body') ?? '';
    expect(body).toMatch(/^Casaoferta: tu código es \d{6} \(5 min\)\.$/);
  });

  it('retries 429 and 5xx answers, then sends once', async () => {
    const stub = await startStub((_request, index) =>
      index === 1
        ? twilioError(429, 20429, 'Too Many Requests')
        : index === 2
          ? twilioError(503, 20503, 'Service Unavailable')
          : twilioCreated('SM0002'),
    );
    cleanups.push(stub.close);
    await deliverWith({ sms: twilioAt(stub.url) });
    const [id = ''] = await queue(db(), [{ channel: 'sms', recipient: '+34612000002', body: 'Hola' }]);
    await allSettled(db(), [id]);
    expect(await rowOf(db(), id)).toMatchObject({ status: 'sent', attempts: 3, providerMessageId: 'SM0002' });
    expect(stub.requests).toHaveLength(3);
  });

  it('fails at once a number Twilio refuses, and one that is not a number without asking', async () => {
    const stub = await startStub(() =>
      twilioError(400, 21211, "The 'To' number is not a valid phone number."),
    );
    cleanups.push(stub.close);
    await deliverWith({ sms: twilioAt(stub.url) });
    const [refused = '', invalid = ''] = await queue(db(), [
      { channel: 'sms', recipient: '+34612000003', body: 'Hola' },
      { channel: 'sms', recipient: '612000003\r\n', body: 'Hola' },
    ]);
    await allSettled(db(), [refused, invalid]);
    const refusedRow = await rowOf(db(), refused);
    expect(refusedRow).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refusedRow?.lastError).toMatch(/^HTTP 400 \(21211\)/);
    expect(await rowOf(db(), invalid)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(stub.requests).toHaveLength(1);
  });

  it('retries a Twilio that does not answer in time, then fails', async () => {
    const stub = await startStub(() => ({ ...twilioCreated('SM0004'), delayMs: 1_000 }));
    cleanups.push(stub.close);
    await deliverWith({ sms: twilioAt(stub.url, 200) });
    const [id = ''] = await queue(db(), [{ channel: 'sms', recipient: '+34612000004', body: 'Hola' }]);
    await allSettled(db(), [id]);
    expect(await rowOf(db(), id)).toMatchObject({ status: 'failed', attempts: 3 });
  });
});

describe('WhatsApp Cloud API', () => {
  const whatsappAt = (url: string, timeoutMs = 2_000) =>
    whatsappProvider({
      accessToken: 'token-secreto',
      phoneNumberId: '1234567890',
      template: 'aviso_casaoferta',
      language: 'es',
      apiUrl: `${url}/v21.0`,
      timeoutMs,
    });
  const accepted = (id: string) => ({
    status: 200,
    body: { messaging_product: 'whatsapp', contacts: [{ wa_id: '34612000005' }], messages: [{ id }] },
  });

  it('sends a template message with the text as its parameter', async () => {
    const stub = await startStub(() => accepted('wamid.0001'));
    cleanups.push(stub.close);
    await deliverWith({ whatsapp: whatsappAt(stub.url) });
    const [id = ''] = await queue(db(), [
      {
        channel: 'whatsapp',
        recipient: '+34612000005',
        body: 'Tu enlace de pago:\n\nhttps://casaoferta.es/pago/1',
      },
    ]);
    await allSettled(db(), [id]);
    expect(await rowOf(db(), id)).toMatchObject({
      status: 'sent',
      provider: 'whatsapp-cloud',
      providerMessageId: 'wamid.0001',
    });
    const [request] = stub.requests;
    expect(request?.url).toBe('/v21.0/1234567890/messages');
    expect(request?.headers.authorization).toBe('Bearer token-secreto');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '34612000005',
      type: 'template',
      template: {
        name: 'aviso_casaoferta',
        language: { code: 'es' },
        components: [
          {
            type: 'body',
            parameters: [{ type: 'text', text: 'Tu enlace de pago: · https://casaoferta.es/pago/1' }],
          },
        ],
      },
    });
  });

  it('retries 429 and 5xx, fails a refusal at once, and retries a time-out until it fails', async () => {
    const tries = new Map<string, number>();
    const stub = await startStub((request) => {
      const to = (JSON.parse(request.body) as { to: string }).to;
      const n = (tries.get(to) ?? 0) + 1;
      tries.set(to, n);
      if (to === '34612000006')
        return n <= 2 ? { status: n === 1 ? 429 : 500, body: {} } : accepted('wamid.0006');
      if (to === '34612000007')
        return { status: 400, body: { error: { message: 'Invalid parameter', code: 100 } } };
      return { ...accepted('wamid.late'), delayMs: 1_000 };
    });
    cleanups.push(stub.close);
    await deliverWith({ whatsapp: whatsappAt(stub.url, 200) });
    const [flaky = '', refused = '', slow = ''] = await queue(db(), [
      { channel: 'whatsapp', recipient: '+34612000006', body: 'Hola' },
      { channel: 'whatsapp', recipient: '+34612000007', body: 'Hola' },
      { channel: 'whatsapp', recipient: '+34612000008', body: 'Hola' },
    ]);
    await allSettled(db(), [flaky, refused, slow]);
    expect(await rowOf(db(), flaky)).toMatchObject({ status: 'sent', providerMessageId: 'wamid.0006' });
    expect(await rowOf(db(), refused)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'HTTP 400: Invalid parameter (100)',
    });
    const slowRow = await rowOf(db(), slow);
    expect(slowRow).toMatchObject({ status: 'failed', attempts: 3 });
    expect(slowRow?.lastError).toMatch(/TimeoutError/);
  });
});
