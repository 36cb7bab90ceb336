import { eq, inArray, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { Database, Db } from '../../db/client';
import { outbox } from '../../db/schema/index';
import type { OutgoingMessage } from '../../platform/outbox';
import { testConfig } from '../../test/helpers';
import { withDatabase } from '../../test/database-url';
import type { DeliveryPolicy } from './deliver';
import type { RunningWorker } from './poller';
import { DeliveryError, type MessageToSend, type Provider, type Providers } from './providers';
import { startDeliveryWorker, type DeliveryLog } from './worker';

export const quietLog: DeliveryLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};

/** Fast attempts for tests: 5, 20 ms apart. */
export const fastPolicy = (maxAttempts = 3): DeliveryPolicy => ({
  maxAttempts,
  leaseMs: 60_000,
  backoffMs: () => 20,
});

/** The URL of a test database on PostgreSQL (for graphile-worker's own connections), else undefined. */
export async function connectionStringOf(database: Database): Promise<string | undefined> {
  const template = inject('postgresTemplate');
  if (database.kind !== 'postgres' || !template) return undefined;
  const rows = await database.db.execute<{ name: string }>(sql`select current_database() as name`);
  const name = (rows as unknown as { rows: { name: string }[] }).rows[0]?.name;
  return name ? withDatabase(template.url, name) : undefined;
}

export async function startWorker(
  database: Database,
  providers: Providers,
  policy: DeliveryPolicy = fastPolicy(),
): Promise<RunningWorker> {
  const worker = await startDeliveryWorker({
    config: testConfig(),
    database,
    log: quietLog,
    providers,
    policy,
    pollIntervalMs: 20,
    connectionString: await connectionStringOf(database),
  });
  if (!worker) throw new Error('worker not started');
  return worker;
}

/** A provider that records what it is given and answers with `behaviour` (success by default). */
export function recordingProvider(
  behaviour: (message: MessageToSend, call: number) => Promise<void> | void = () => undefined,
): Provider & { sent: MessageToSend[]; calls: number } {
  const provider = {
    name: 'recording',
    sent: [] as MessageToSend[],
    calls: 0,
    async send(message: MessageToSend) {
      provider.calls += 1;
      await behaviour(message, provider.calls);
      provider.sent.push(message);
      return { providerMessageId: `rec-${message.id}` };
    },
  };
  return provider;
}

export const allChannels = (provider: Provider): Providers => ({
  sms: provider,
  email: provider,
  whatsapp: provider,
});

export const temporary = (text = 'servicio no disponible') => new DeliveryError(text, true);
export const permanent = (text = 'destinatario no válido') => new DeliveryError(text, false);

export async function queue(db: Db, messages: OutgoingMessage[]): Promise<string[]> {
  const rows = await db
    .insert(outbox)
    .values(messages.map((m) => ({ ...m, subject: m.subject ?? null })))
    .returning({ id: outbox.id });
  return rows.map((row) => row.id);
}

export const rowsOf = (db: Db, ids: string[]) => db.select().from(outbox).where(inArray(outbox.id, ids));
export const rowOf = async (db: Db, id: string) =>
  (await db.select().from(outbox).where(eq(outbox.id, id)))[0];

/** Waits until `check` holds (polling), or fails after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function allSettled(db: Db, ids: string[], timeoutMs = 10_000): Promise<void> {
  await until(
    async () => (await rowsOf(db, ids)).every((r) => r.status === 'sent' || r.status === 'failed'),
    timeoutMs,
  );
}
