import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNotificationSettings } from '@casaoferta/domain/schemas/user-settings';
import { openPostgres, type Database } from '../db/client';
import { createAnnouncement } from '../db/factories';
import { announcements, contracts, offers, outbox, users } from '../db/schema/index';
import { generateDevelopmentP12 } from '../modules/contracts/document/signer';
import { ownerForm, tenantForm } from '../modules/contracts/test-support';
import { startSmtpServer } from '../modules/delivery/smtp-test-server';
import { makePdf } from '../modules/documents/test-support';
import { withDatabase } from '../test/database-url';
import { freePort } from '../test/free-port';
import { multipart } from '../test/multipart';
import { productionEnv } from '../test/production-env';
import { startS3, type TestS3 } from '../test/s3-server';

/**
 * Two API processes in CI (issue 25 point 5, decision 035): two real processes started as `npm start`
 * starts them, with a production configuration, one PostgreSQL database, one S3 server (s3rver) and no
 * shared disk (each its own DATA_DIR), behind a round-robin proxy; e-mail to a local SMTP server and SMS
 * to a local stand-in of Twilio's API. The deal is walked across them: login started on one and finished
 * on the other, photos and a document uploaded on one and read on the other, an offer made on one while
 * the owner's live stream listens on the other, the contract drafted, filled, sent and signed across both,
 * and every e-mail accepted by the SMTP server exactly once. Needs a real PostgreSQL (two processes
 * cannot share PGlite): it runs with TEST_DB_KIND=postgres and TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DB_KIND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(apiRoot, '../..');
const twilioRedirect = path.join(repoRoot, 'bench/support/twilio-redirect.ts');

interface Api {
  base: string;
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

describe.skipIf(!serverUrl)(
  `two API processes behind a proxy: one PostgreSQL, one S3 server, no shared disk${serverUrl ? '' : ' (skipped: needs TEST_DB_KIND=postgres and TEST_DATABASE_URL)'}`,
  () => {
    const databaseName = `two_processes_${randomBytes(5).toString('hex')}`;
    const url = serverUrl ? withDatabase(serverUrl, databaseName) : '';
    const sms: { to: string; body: string }[] = [];
    let s3: TestS3;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let stub: http.Server;
    let proxy: http.Server;
    let proxyBase = '';
    const apis: Api[] = [];
    const served = [0, 0];
    let database: Database;

    const startApi = async (env: Record<string, string>): Promise<Api> => {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-two-'));
      const child = spawn(process.execPath, ['--import', 'tsx', '--import', twilioRedirect, 'src/main.ts'], {
        cwd: apiRoot,
        env: { ...env, PORT: String(port), DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const base = `http://127.0.0.1:${port}`;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the API exited: ${output}`);
        const ready = await fetch(`${base}/api/health/ready`).then(
          (res) => res.ok,
          () => false,
        );
        if (ready) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { base, child, output: () => output, dataDir };
    };

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName}`);
      await admin.end();
      s3 = await startS3('two-processes');
      smtp = await startSmtpServer();
      // Twilio's Messages.json and WhatsApp Cloud's /messages, answered as those APIs do.
      stub = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          if (req.url?.endsWith('/Messages.json')) {
            const form = new URLSearchParams(body);
            sms.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' });
            res
              .writeHead(201)
              .end(JSON.stringify({ sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued' }));
          } else res.writeHead(200).end(JSON.stringify({ messages: [{ id: `wamid.${randomUUID()}` }] }));
        });
      });
      await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
      const stubPort = (stub.address() as { port: number }).port;
      const password = 'dos-procesos';
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...productionEnv,
        HOST: '127.0.0.1',
        TRUST_PROXY: '1',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: '5',
        ...s3.env,
        DOCUMENTS_KEY: randomBytes(32).toString('base64'),
        CONTRACT_SIGNING_P12: generateDevelopmentP12(password).toString('base64'),
        CONTRACT_SIGNING_PASSWORD: password,
        PAYMENT_PROVIDER: 'sandbox',
        DELIVERY_WORKER: 'on',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_TLS: 'none',
        SMTP_USER: '',
        SMTP_PASSWORD: '',
        BENCH_TWILIO_URL: `http://127.0.0.1:${stubPort}`,
        WHATSAPP_API_URL: `http://127.0.0.1:${stubPort}`,
      };
      // The first migrates the database; the second finds it done.
      apis.push(await startApi(env));
      apis.push(await startApi(env));
      database = openPostgres(url, 3);
      let next = 0;
      proxy = http.createServer((req, res) => {
        const index = next++ % apis.length;
        served[index] = (served[index] ?? 0) + 1;
        const target = new URL(apis[index]?.base ?? '');
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => res.writeHead(502).end());
        req.pipe(upstream);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      proxyBase = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    }, 120_000);

    afterAll(async () => {
      for (const api of apis) {
        api.child.kill('SIGTERM');
        await new Promise((resolve) =>
          api.child.exitCode !== null ? resolve(null) : api.child.once('exit', resolve),
        );
        fs.rmSync(api.dataDir, { recursive: true, force: true });
      }
      proxy?.closeAllConnections();
      await new Promise((resolve) => proxy?.close(resolve));
      await new Promise((resolve) => stub?.close(resolve));
      await smtp?.close();
      await s3?.stop();
      await database?.close();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }, 60_000);

    type Method = 'GET' | 'POST' | 'PUT';
    const call = async (base: string, method: Method, route: string, token: string | null, body?: object) => {
      const res = await fetch(`${base}${route}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      const json = () => JSON.parse(bytes.toString('utf8')) as { data: Record<string, unknown> };
      return { status: res.status, bytes, json, text: bytes.toString('utf8') };
    };
    const upload = async (
      base: string,
      route: string,
      token: string,
      fields: Record<string, string>,
      file: { name: string; type: string; bytes: Buffer },
    ) => {
      const body = await multipart(fields, file);
      const res = await fetch(`${base}${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        body: body.payload,
      });
      return { status: res.status, json: (await res.json()) as { data: Record<string, string> } };
    };
    const expectOk = (answer: { status: number; text: string }, status = 200) => {
      if (answer.status !== status) throw new Error(`${answer.status}: ${answer.text}`);
    };
    /** The code of the newest SMS to `phone`, once the stand-in received it. */
    const codeSentTo = async (phone: string, after: number): Promise<string> => {
      for (;;) {
        const message = sms.slice(after).find((item) => item.to === phone);
        const code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    /** Login begun on `first` and finished on `second`: the code, the proof, the session. */
    const login = async (phone: string, name: string, first: string, second: string) => {
      const before = sms.length;
      expectOk(
        await call(first, 'POST', '/api/authentication/users/generate-otp-code', null, {
          phoneNumber: phone,
        }),
      );
      const code = await codeSentTo(phone, before);
      const verified = await call(second, 'POST', '/api/authentication/users/verify', null, {
        phoneNumber: phone,
        code,
      });
      expectOk(verified);
      const authenticated = await call(first, 'POST', '/api/authentication/users/authenticate', null, {
        verificationToken: verified.json().data.verificationToken,
        name,
        surname: 'Prueba Dos',
        acceptPrivacyPolicy: true,
      });
      expectOk(authenticated);
      const data = authenticated.json().data as { token?: string; user?: { id: string } };
      const [row] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phoneNumber, phone));
      return { token: String(data.token), id: row?.id ?? '' };
    };

    it('walks the deal across both processes, every e-mail sent once', async () => {
      const [a, b] = apis.map((api) => api.base) as [string, string];
      // Through the proxy first: both answer, and agree on the database and the store.
      for (let i = 0; i < 4; i += 1) expectOk(await call(proxyBase, 'GET', '/api/health/ready', null));
      expect(served).toEqual([2, 2]);

      const owner = await login('+34612000101', 'Olga', a, b);
      const tenant = await login('+34612000102', 'Teo', b, a);
      // Both hear of everything by e-mail.
      const byEmail = Object.fromEntries(
        Object.entries(defaultNotificationSettings).map(([kind, setting]) => [
          kind,
          { ...setting, email: true, preferred: 'email' },
        ]),
      ) as typeof defaultNotificationSettings;
      await database.db
        .update(users)
        .set({ email: 'olga@example.com', notificationSettings: byEmail })
        .where(eq(users.id, owner.id));
      await database.db
        .update(users)
        .set({ email: 'teo@example.com', notificationSettings: byEmail })
        .where(eq(users.id, tenant.id));
      const { announcement, property } = await createAnnouncement(
        database.db,
        owner.id,
        { isPaid: true },
        { streetNumber: '10', postalCode: '28014', door: 'B' },
      );

      // A photo uploaded on B, served by A and through the proxy.
      const jpeg = await sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } },
      })
        .jpeg()
        .toBuffer();
      const photo = await upload(
        b,
        '/api/announcement/images',
        owner.token,
        { propertyId: property.id },
        { name: 'salon.jpg', type: 'image/jpeg', bytes: jpeg },
      );
      expect(photo.status).toBe(201);
      const gallery = String(photo.json.data.gallery);
      const fromA = await call(a, 'GET', gallery, null);
      expect(fromA.status).toBe(200);
      expect((await call(proxyBase, 'GET', gallery, null)).bytes.equals(fromA.bytes)).toBe(true);
      expect((await call(b, 'GET', gallery, null)).bytes.equals(fromA.bytes)).toBe(true);

      // A document uploaded on B, downloaded on A.
      const pdf = await makePdf();
      const document = await upload(
        b,
        '/api/document',
        tenant.token,
        { kindCode: 'TDK002' },
        { name: 'nomina.pdf', type: 'application/pdf', bytes: pdf },
      );
      expect(document.status).toBe(201);
      const downloaded = await call(
        a,
        'GET',
        `/api/document/download?documentId=${document.json.data.id}`,
        tenant.token,
      );
      expect(downloaded.status).toBe(200);
      expect(downloaded.bytes.equals(pdf)).toBe(true);

      // The owner's live stream on A hears the offer made on B.
      const controller = new AbortController();
      const stream = await fetch(`${a}/api/announcement/${announcement.id}/events`, {
        headers: { authorization: `Bearer ${owner.token}` },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const reader = (stream.body ?? new ReadableStream()).pipeThrough(new TextDecoderStream()).getReader();
      let received = '';
      const heard = (match: RegExp) =>
        (async () => {
          while (!match.test(received)) {
            const chunk = await reader.read();
            if (chunk.done) throw new Error(`the stream ended: ${received}`);
            received += chunk.value;
          }
        })();
      await heard(/event: summary/);
      const offerId = randomUUID();
      const offer = await call(b, 'POST', `/api/announcement/${announcement.id}/offers`, tenant.token, {
        id: offerId,
        amount: 1100,
        nif: '12345678Z',
        typeContractCode: 'UTC001',
        salary: 2500,
      });
      expectOk(offer, 201);
      await heard(/"offersCount":1/);
      controller.abort();
      // The owner chooses it (as the owner's selection leaves it: AST004, OSC002).
      await database.db.update(offers).set({ statusCode: 'OSC002' }).where(eq(offers.id, offerId));
      await database.db
        .update(announcements)
        .set({ statusCode: 'AST004' })
        .where(eq(announcements.id, announcement.id));

      // The contract, step by step on alternate processes.
      const drafted = await call(a, 'POST', '/api/contract/draft', owner.token, {
        announcementId: announcement.id,
      });
      expectOk(drafted, 201);
      const id = String(drafted.json().data.id);
      expectOk(await call(b, 'PUT', `/api/contract/${id}/owner`, owner.token, ownerForm()));
      expectOk(await call(a, 'PUT', `/api/contract/${id}/owner-send`, owner.token));
      expectOk(await call(b, 'PUT', `/api/contract/${id}/tenant`, tenant.token, tenantForm()));
      expectOk(await call(a, 'PUT', `/api/contract/${id}/tenant-send`, tenant.token));
      const inventory = await upload(
        b,
        `/api/contract/${id}/images`,
        tenant.token,
        {},
        { name: 'cocina.jpg', type: 'image/jpeg', bytes: jpeg },
      );
      expect(inventory.status).toBe(201);
      expect(
        (await call(a, 'GET', `/api/contract/${id}/images/${inventory.json.data.id}`, owner.token)).status,
      ).toBe(200);
      expectOk(await call(a, 'POST', `/api/contract/${id}/send-sign`, owner.token));
      const signOn = async (
        requestOn: string,
        signOnBase: string,
        party: 'owner' | 'tenant',
        person: { token: string },
        phone: string,
        fullName: string,
      ) => {
        const before = sms.length;
        expectOk(await call(requestOn, 'POST', `/api/contract/${id}/${party}/sign-code`, person.token));
        const code = await codeSentTo(phone, before);
        expectOk(
          await call(signOnBase, 'POST', `/api/contract/${id}/${party}/sign`, person.token, {
            fullName,
            code,
          }),
        );
      };
      await signOn(
        b,
        a,
        'owner',
        owner,
        '+34612000101',
        `${ownerForm().party.name} ${ownerForm().party.surname}`,
      );
      await signOn(
        a,
        b,
        'tenant',
        tenant,
        '+34612000102',
        `${tenantForm().party.name} ${tenantForm().party.surname}`,
      );
      const [contract] = await database.db.select().from(contracts).where(eq(contracts.id, id));
      expect(contract?.statusCode).toBe('CST004');
      const signed = await call(b, 'GET', `/api/contract/${id}/download`, tenant.token);
      expect(signed.status).toBe(200);
      expect(signed.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // Every e-mail queued is delivered, and accepted by the SMTP server exactly once.
      let emails: { id: string; status: string }[] = [];
      for (;;) {
        emails = await database.db
          .select({ id: outbox.id, status: outbox.status })
          .from(outbox)
          .where(eq(outbox.channel, 'email'));
        if (emails.length > 0 && emails.every((row) => row.status === 'sent' || row.status === 'failed'))
          break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(emails.every((row) => row.status === 'sent')).toBe(true);
      const ids = smtp.received.map((mail) => /<([^>@]+)@/.exec(mail.mail.messageId ?? '')?.[1] ?? '');
      expect(ids.sort()).toEqual(emails.map((row) => row.id).sort());
      expect(new Set(ids).size).toBe(ids.length);
      expect(emails.length).toBeGreaterThanOrEqual(3);
      // Nothing was written to either process's disk but its lock: the files are in the bucket.
      for (const api of apis) {
        expect(
          ['media', 'documents', 'contract-images'].filter((folder) =>
            fs.existsSync(path.join(api.dataDir, folder)),
          ),
        ).toEqual([]);
      }
      expect(
        await database.db
          .select({ id: outbox.id })
          .from(outbox)
          .where(inArray(outbox.status, ['queued', 'sending'])),
      ).toEqual([]);
    }, 120_000);
  },
);
