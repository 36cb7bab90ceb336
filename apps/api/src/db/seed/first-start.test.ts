import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../schema/index';
import { createTestDatabase, testConfig } from '../../test/helpers';
import { demoAccounts } from './demo';
import { seedOnFirstStart } from './first-start';
import { productionEnv } from '../../test/production-env';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-first-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const log = { info: () => undefined } as unknown as FastifyBaseLogger;

/** Starts once on an empty database (INE data and roles only) and says whether the demo agent exists. */
async function demoAgentAfterFirstStart(env: Record<string, string>): Promise<boolean> {
  const database = await createTestDatabase();
  try {
    await seedOnFirstStart({ config: testConfig({ DATA_DIR: dataDir, ...env }), db: database.db, log });
    const agents = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccounts.agent.email));
    return agents.length > 0;
  } finally {
    await database.close();
  }
}

describe('the demo accounts', () => {
  it('come with the demo data of a local start', async () => {
    expect(await demoAgentAfterFirstStart({})).toBe(true);
  });

  // A start others can reach is a production one (decision 027): never with the demo data.
  it.each([[{ SEED_DEMO: 'never' }], [{ ...productionEnv, HOST: '0.0.0.0' }], [productionEnv]])(
    'are not created with %j',
    async (env) => {
      expect(await demoAgentAfterFirstStart(env)).toBe(false);
    },
  );
});
