import nodemailer from 'nodemailer';
import type { AttachmentResolver, ResolvedAttachment } from '../../platform/outbox';
import { renderEmail } from './email-template';
import { DeliveryError, type MessageToSend, type Provider } from './providers';
import { deliveryTexts } from './texts';

export interface SmtpSettings {
  host: string;
  port: number;
  tls: 'starttls' | 'implicit' | 'none';
  user?: string;
  password?: string;
  /** "Casaoferta <no-responder@casaoferta.es>" */
  from: string;
  timeoutMs: number;
  /** Where the links of the footer point (PUBLIC_URL). */
  publicUrl?: string;
  /** Tests: a server with a self-signed certificate. */
  rejectUnauthorized?: boolean;
  /** Draws the attachments a message names (app.ts wires the invoices' PDF); none without it. */
  resolveAttachment?: AttachmentResolver;
}

/**
 * The Message-ID of an outbox message: the same for every attempt at it, so that a copy sent again after
 * a crash (a result that could not be recorded, decision 030) is one message to mail systems that drop
 * duplicates by Message-ID, and each delivery can be matched to its outbox row.
 */
export const messageIdOf = (outboxId: string, from: string): string => {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'casaoferta.es';
  return `<${outboxId}@${domain}>`;
};

/** One plain address: no display name, no list, nothing a header could be made of. */
const ADDRESS = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\.]+(\.[^\s@<>()[\],;:"\\.]+)+$/;
export const isDeliverableAddress = (address: string): boolean =>
  address.length <= 254 && ADDRESS.test(address);

interface SmtpFailure {
  code?: unknown;
  permanent?: unknown;
  responseCode?: unknown;
  message?: unknown;
}

/**
 * Whether an SMTP failure is the message's own (its recipient or content refused with a 5xx: failed at
 * once) or the way's (refused or dropped connection, time-out, 4xx, authentication: tried again).
 */
export function smtpError(error: unknown): DeliveryError {
  const failure: SmtpFailure = typeof error === 'object' && error !== null ? error : {};
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  const code = typeof failure.code === 'string' ? failure.code : 'SMTP';
  const refusedMessage = failure.permanent === true && (code === 'EENVELOPE' || code === 'EMESSAGE');
  return new DeliveryError(`${code}: ${message}`, !refusedMessage);
}

/**
 * The files of a message, drawn now from what it names: one that no longer exists (or that this server
 * cannot draw) fails the message at once (a DeliveryError, not retried); a fault while drawing it (the
 * database away) is thrown as it is, and the message is tried again.
 */
async function attachmentsOf(
  message: MessageToSend,
  resolve: AttachmentResolver | undefined,
): Promise<ResolvedAttachment[]> {
  const files: ResolvedAttachment[] = [];
  for (const attachment of message.attachments ?? []) {
    if (!resolve) throw new DeliveryError(deliveryTexts.attachmentUnsupported, false);
    const file = await resolve(attachment);
    if (!file)
      throw new DeliveryError(deliveryTexts.attachmentMissing(attachment.kind, attachment.id), false);
    files.push(file);
  }
  return files;
}

/**
 * E-mail over SMTP with nodemailer: a pool of connections, HTML and text bodies from the Spanish
 * template. nodemailer writes every header (a line break in a value cannot start another one).
 */
export function smtpProvider(settings: SmtpSettings): Provider {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 3,
    host: settings.host,
    port: settings.port,
    secure: settings.tls === 'implicit',
    requireTLS: settings.tls === 'starttls',
    ignoreTLS: settings.tls === 'none',
    ...(settings.user && settings.password ? { auth: { user: settings.user, pass: settings.password } } : {}),
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    // The messages are ours: no attachment or body is ever read from a path or fetched from a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    tls: { rejectUnauthorized: settings.rejectUnauthorized ?? true },
  });
  return {
    name: 'smtp',
    async send(message) {
      if (!isDeliverableAddress(message.recipient)) {
        throw new DeliveryError(deliveryTexts.invalidEmail, false);
      }
      const content = renderEmail(message, settings.publicUrl);
      const files = await attachmentsOf(message, settings.resolveAttachment);
      let info: { messageId: string; rejected: unknown[] };
      try {
        info = await transport.sendMail({
          from: settings.from,
          to: message.recipient,
          messageId: messageIdOf(message.id, settings.from),
          subject: content.subject,
          text: content.text,
          html: content.html,
          ...(files.length > 0
            ? {
                attachments: files.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  content: Buffer.from(file.content),
                })),
              }
            : {}),
          ...(content.unsubscribeUrl ? { list: { unsubscribe: content.unsubscribeUrl } } : {}),
        });
      } catch (error) {
        throw smtpError(error);
      }
      if (info.rejected.length > 0) throw new DeliveryError(deliveryTexts.invalidEmail, false);
      return { providerMessageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
