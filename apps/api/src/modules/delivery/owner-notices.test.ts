import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import { defaultNotificationSettings } from '@casaoferta/domain/schemas/user-settings';
import type { Database } from '../../db/client';
import { createAnnouncement, createProperty, createUser } from '../../db/factories';
import { outbox } from '../../db/schema/index';
import { testOrigin } from '../../test/decisions';
import { createTestDatabase } from '../../test/helpers';
import { decideAnnouncement, decideProperty } from '../validation/validate';
import type { RunningWorker } from './poller';
import { outboxProvider } from './providers';
import { smtpProvider } from './smtp';
import { allSettled, fastPolicy, startWorker } from './test-support';
import { localStore } from '../../platform/storage/local';

const mediaRoot = localStore(path.join(os.tmpdir(), 'casaoferta-owner-notices-media'));

let database: Database;
let worker: RunningWorker;
let server: SMTPServer;
const received: ParsedMail[] = [];
let owner: { id: string; phoneNumber: string | null };

beforeAll(async () => {
  database = await createTestDatabase();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  worker = await startWorker(
    database,
    {
      email: smtpProvider({
        host: '127.0.0.1',
        port,
        tls: 'none',
        from: 'Casaoferta <no-responder@casaoferta.es>',
        timeoutMs: 2_000,
      }),
      sms: outboxProvider,
      whatsapp: outboxProvider,
    },
    fastPolicy(),
  );
  // Carmen prefers e-mail for her announcements' notices (issue 23: one channel per event).
  owner = await createUser(database.db, {
    email: 'carmen@example.com',
    notificationSettings: {
      ...defaultNotificationSettings,
      announcements: { ...defaultNotificationSettings.announcements, preferred: 'email' },
    },
  });
});
afterAll(async () => {
  await worker.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});

const db = () => database.db;

/** The notices queued for the owner since `since`, once delivered, by channel. */
async function noticesFor(since: Date) {
  const rows = (await db().select().from(outbox)).filter(
    (row) => row.createdAt >= since && [owner.phoneNumber, 'carmen@example.com'].includes(row.recipient),
  );
  await allSettled(
    db(),
    rows.map((row) => row.id),
  );
  return rows;
}

const mailWithSubject = (subject: string) => received.find((mail) => mail.subject === subject);

describe("the owner is told of an agent's decision", () => {
  it('a property validated: by e-mail only (her preferred channel), delivered', async () => {
    const since = new Date(Date.now() - 1000);
    const property = await createProperty(db(), owner.id, {
      validationStatus: PropertyValidationStatus.PendingValidation,
    });
    await decideProperty(
      db(),
      mediaRoot,
      property.id,
      { approve: true, revision: property.revision },
      testOrigin,
    );
    const rows = await noticesFor(since);
    expect(rows.map((row) => row.channel)).toEqual(['email']);
    const mail = mailWithSubject('Tu inmueble está validado');
    expect(mail?.text).toContain(`Hemos revisado y validado tu inmueble ${property.reference}`);
    const sent = await db()
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.recipient, 'carmen@example.com'), eq(outbox.subject, 'Tu inmueble está validado')),
      );
    expect(sent[0]).toMatchObject({ status: 'sent', provider: 'smtp' });
  });

  it('a property rejected, with the reason', async () => {
    const since = new Date(Date.now() - 1000);
    const property = await createProperty(db(), owner.id, {
      validationStatus: PropertyValidationStatus.PendingValidation,
    });
    await decideProperty(
      db(),
      mediaRoot,
      property.id,
      { approve: false, reason: 'Faltan fotos del baño', revision: property.revision },
      testOrigin,
    );
    await noticesFor(since);
    const mail = mailWithSubject('No hemos podido validar tu inmueble');
    expect(mail?.text).toContain('Motivo: Faltan fotos del baño.');
  });

  it('an announcement published, with its end date; one rejected, with the reason', async () => {
    const since = new Date(Date.now() - 1000);
    const validated = { validationStatus: PropertyValidationStatus.Validated };
    const { announcement: pending } = await createAnnouncement(
      db(),
      owner.id,
      {
        statusCode: AnnouncementStatus.PendingValidation,
        publishedAt: null,
        endsAt: null,
        customTitle: 'Ático con terraza',
      },
      validated,
    );
    const { announcement: other } = await createAnnouncement(
      db(),
      owner.id,
      {
        statusCode: AnnouncementStatus.PendingValidation,
        publishedAt: null,
        endsAt: null,
        customTitle: 'Estudio céntrico',
      },
      validated,
    );
    await decideAnnouncement(db(), pending.id, { approve: true, revision: pending.revision }, testOrigin);
    await decideAnnouncement(
      db(),
      other.id,
      { approve: false, reason: 'El precio no corresponde al anuncio', revision: other.revision },
      testOrigin,
    );
    await noticesFor(since);
    expect(mailWithSubject('Tu anuncio ya está publicado')?.text).toMatch(
      /«Ático con terraza» ya está publicado y recibe ofertas hasta el \d{1,2} de \p{L}+ de \d{4}\./u,
    );
    expect(mailWithSubject('No hemos podido publicar tu anuncio')?.text).toContain(
      'No hemos podido publicar «Estudio céntrico». Motivo: El precio no corresponde al anuncio.',
    );
  });

  it('nothing is queued when the decision is refused', async () => {
    const before = await db().select({ id: outbox.id }).from(outbox);
    const property = await createProperty(db(), owner.id, {
      validationStatus: PropertyValidationStatus.PendingValidation,
    });
    await expect(
      decideProperty(
        db(),
        mediaRoot,
        property.id,
        { approve: true, revision: property.revision + 1 },
        testOrigin,
      ),
    ).rejects.toThrow();
    expect(await db().select({ id: outbox.id }).from(outbox)).toHaveLength(before.length);
  });
});
