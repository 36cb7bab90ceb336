import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { PaymentDto } from '@casaoferta/domain/schemas/payments';
import { createAnnouncement } from '../../db/factories';
import { invoices, outbox } from '../../db/schema/index';
import { SandboxProvider } from '../../platform/payments/sandbox';
import type { TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { pdftotext, reportText } from '../back-office/downloads-test-support';
import { outboxProvider, DeliveryError, type MessageToSend } from '../delivery/providers';
import { onDeliveryRecorded, type RecordedDelivery } from '../delivery/recorded';
import { smtpProvider, type SmtpSettings } from '../delivery/smtp';
import { startSmtpServer } from '../delivery/smtp-test-server';
import { allSettled, fastPolicy, rowOf, startWorker } from '../delivery/test-support';
import { paymentAttachments } from './invoice-pdf';
import { paymentTestApp } from './payment-test-support';

// Issue 28: the owner receives each invoice (and rectifying invoice) by e-mail with its PDF attached.
// The outbox row names the invoice only; the SMTP sender draws the PDF from the invoice's row when it
// sends, through the resolver the app wires in. A real local SMTP server receives it.

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
let agentToken: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await paymentTestApp(new SandboxProvider());
  owner = await userWithSession(t.database.db, {
    name: 'Inés',
    surname: 'Adjunta',
    email: 'ines.factura@casaoferta.test',
  });
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => t.close());

const db = () => t.database.db;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

const settings = (port: number): SmtpSettings => ({
  host: '127.0.0.1',
  port,
  tls: 'none',
  from: 'Casaoferta <no-responder@casaoferta.es>',
  timeoutMs: 2_000,
  publicUrl: t.config.publicOrigin,
  resolveAttachment: paymentAttachments(db()),
});

/** A local SMTP server, and the delivery worker sending e-mail to it with the app's resolver. */
async function deliverToSmtp() {
  const server = await startSmtpServer();
  cleanups.push(server.close);
  const worker = await startWorker(
    t.database,
    { email: smtpProvider(settings(server.port)), sms: outboxProvider, whatsapp: outboxProvider },
    fastPolicy(3),
  );
  cleanups.push(() => worker.stop());
  return server;
}

async function paidAnnouncement() {
  const { announcement } = await createAnnouncement(db(), owner.user.id, {
    typeCode: 'ATY002',
    customTitle: 'Ático en Malasaña',
  });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/announcement/${announcement.id}/payment`,
    headers: bearer(owner.token),
    payload: { id: randomUUID(), token: 'tok_sandbox_approve_4242' },
  });
  const payment = dataOf<PaymentDto>(response);
  expect(payment.statusCode).toBe('PAY002');
  const [invoice] = await db().select().from(invoices).where(eq(invoices.paymentId, payment.id));
  if (!invoice) throw new Error('no invoice');
  return { payment, invoice };
}

/** The outbox row of an invoice's e-mail: it names the invoice, it does not carry the PDF. */
async function mailOf(invoiceId: string, code: string) {
  const rows = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, 'ines.factura@casaoferta.test'), eq(outbox.channel, 'email')));
  const mail = rows.find((row) => row.subject?.includes(code));
  if (!mail) throw new Error(`no e-mail for ${code}`);
  expect(mail.attachments).toEqual([{ kind: 'invoice', id: invoiceId }]);
  expect(mail.body.length).toBeLessThan(1_000);
  expect(mail.sealedBody).toBeNull();
  return mail;
}

async function pdfText(content: Buffer): Promise<string> {
  const pdf = await PDFDocument.load(content);
  expect(pdf.getPageCount()).toBe(1);
  return (await reportText(content)).replace(/\s+/g, ' ');
}

describe('the invoice by e-mail', () => {
  it('arrives with its PDF attached (number and total), and so does the rectifying invoice of a refund', async () => {
    const { payment, invoice } = await paidAnnouncement();
    const mail = await mailOf(invoice.id, invoice.code);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/agents/payment/${payment.id}/refund`,
      headers: bearer(agentToken),
      payload: { reason: 'El propietario pagó dos veces' },
    });
    expect(refund.statusCode).toBe(200);
    const [rectifying] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, payment.id), eq(invoices.series, 'R')));
    if (!rectifying) throw new Error('no rectifying invoice');
    const rectifyingMail = await mailOf(rectifying.id, rectifying.code);

    const server = await deliverToSmtp();
    await allSettled(db(), [mail.id, rectifyingMail.id]);
    expect(await rowOf(db(), mail.id)).toMatchObject({ status: 'sent', provider: 'smtp', attempts: 1 });
    expect(await rowOf(db(), rectifyingMail.id)).toMatchObject({ status: 'sent', attempts: 1 });

    const received = (code: string) => {
      const found = server.received.filter((r) => r.mail.subject?.includes(code));
      expect(found).toHaveLength(1);
      return found[0]?.mail;
    };
    const ordinary = received(invoice.code);
    expect(ordinary?.subject).toBe(`Tu factura ${invoice.code} de Casaoferta`);
    expect(ordinary?.text).toContain('La tienes adjunta en PDF');
    expect(ordinary?.attachments).toHaveLength(1);
    const [file] = ordinary?.attachments ?? [];
    expect(file?.filename).toBe(`Factura ${invoice.code}.pdf`);
    expect(file?.contentType).toBe('application/pdf');
    if (!file) throw new Error('no attachment');
    const text = await pdfText(file.content);
    expect(text).toContain(invoice.code);
    expect(text).toContain('49,00 €');
    const poppler = pdftotext(file.content);
    if (poppler !== null) expect(poppler).toContain(invoice.code);

    const [rectifyingFile] = received(rectifying.code)?.attachments ?? [];
    expect(rectifyingFile?.filename).toBe(`Factura ${rectifying.code}.pdf`);
    if (!rectifyingFile) throw new Error('no attachment');
    const rectifyingText = await pdfText(rectifyingFile.content);
    expect(rectifyingText).toContain(rectifying.code);
    expect(rectifyingText).toContain(invoice.code);
    expect(rectifyingText).toContain('-49,00 €');
  });

  it('fails as permanent, with the reason recorded and told to the log, when the invoice is gone', async () => {
    const { invoice } = await paidAnnouncement();
    const mail = await mailOf(invoice.id, invoice.code);
    await db().delete(invoices).where(eq(invoices.id, invoice.id));
    const recorded: RecordedDelivery[] = [];
    const stop = onDeliveryRecorded((delivery) => {
      if (delivery.messageId === mail.id) recorded.push(delivery);
    });
    cleanups.push(async () => {
      stop();
    });

    const server = await deliverToSmtp();
    await allSettled(db(), [mail.id]);
    const row = await rowOf(db(), mail.id);
    expect(row).toMatchObject({ status: 'failed', provider: 'smtp', attempts: 1 });
    expect(row?.lastError).toBe(`adjunto no disponible (invoice ${invoice.id}): ya no existe`);
    expect(recorded).toEqual([expect.objectContaining({ status: 'failed', error: row?.lastError ?? '?' })]);
    expect(server.received.filter((r) => r.mail.subject?.includes(invoice.code))).toHaveLength(0);
  });
});

describe('the SMTP sender and attachments', () => {
  const message = (id: string): MessageToSend => ({
    id: randomUUID(),
    channel: 'email',
    recipient: 'ines.factura@casaoferta.test',
    subject: 'Factura',
    body: 'Adjunta.',
    attachments: [{ kind: 'invoice', id }],
  });

  it('tries again when the attachment cannot be drawn now, and fails at once without a resolver', async () => {
    const server = await startSmtpServer();
    cleanups.push(server.close);
    const down = smtpProvider({
      ...settings(server.port),
      resolveAttachment: () => Promise.reject(new Error('database unavailable')),
    });
    const none = smtpProvider({ ...settings(server.port), resolveAttachment: undefined });
    const wired = smtpProvider(settings(server.port));
    cleanups.push(async () => {
      await Promise.all([down.close?.(), none.close?.(), wired.close?.()]);
    });
    const temporary = await down.send(message(randomUUID())).catch((error: unknown) => error);
    expect(temporary).toBeInstanceOf(Error);
    expect(temporary instanceof DeliveryError && !temporary.retryable).toBe(false);
    const permanent = await none.send(message(randomUUID())).catch((error: unknown) => error);
    expect(permanent).toBeInstanceOf(DeliveryError);
    expect(permanent instanceof DeliveryError && permanent.retryable).toBe(false);
    // A reference that is not an invoice's id is an invoice gone, not a database error.
    const gone = await wired.send(message('no-es-un-id')).catch((error: unknown) => error);
    expect(gone instanceof DeliveryError && !gone.retryable).toBe(true);
    expect(server.received).toHaveLength(0);
  });
});
