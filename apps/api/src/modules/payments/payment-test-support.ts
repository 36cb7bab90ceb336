import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import { announcements, payments } from '../../db/schema/index';
import type { PaymentProvider } from '../../platform/payments/provider';
import type { Config } from '../../config';
import { createTestDatabase, testConfig, type TestApp } from '../../test/helpers';

/** A test app whose payment provider is `provider` (a sandbox with an injected clock, a Stripe). */
export async function paymentTestApp(
  provider: PaymentProvider,
  overrides: Record<string, string> = {},
  patch: Partial<Config> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = { ...testConfig(overrides), ...patch };
  const app = await buildApp({ config, database, paymentProvider: provider });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const paymentsOf = (db: Db, announcementId: string) =>
  db.select().from(payments).where(eq(payments.announcementId, announcementId));

export async function announcementOf(db: Db, announcementId: string) {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, announcementId));
  if (!row) throw new Error('announcement missing');
  return row;
}

export const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: { code: string }[] }).errors[0]?.code;

/** A Content-Security-Policy header as `{ directive: 'sources' }`. */
export const cspDirectives = (csp: string): Record<string, string> =>
  Object.fromEntries(
    csp.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
