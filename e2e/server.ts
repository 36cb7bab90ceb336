// The e2e server (playwright.config.ts starts it): the API exactly as `npm start` runs it, plus a Unix
// socket, readable only by this user, on which the fixtures get sessions made by the factories, as the
// API tests do. The app has no route that hands out sessions (docs/decisions/010-no-dev-door.md); this
// file is never imported by it.
import fs from 'node:fs';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client';
import { createUser } from '../apps/api/src/db/factories';
import { users } from '../apps/api/src/db/schema/index';
import { createSession, rolesJson } from '../apps/api/src/platform/auth';
import { runServer } from '../apps/api/src/server';
import { demoAccounts } from '../apps/api/src/db/seed/demo-accounts';
import { hashPassword } from '../apps/api/src/platform/passwords';
import type { SessionRequest } from './e2e-server';

const socketPath = process.env.E2E_SESSION_SOCKET;
if (!socketPath) throw new Error('E2E_SESSION_SOCKET is not set (playwright.config.ts sets it)');
const agentPassword = process.env.E2E_AGENT_PASSWORD;
if (!agentPassword) throw new Error('E2E_AGENT_PASSWORD is not set (playwright.config.ts sets it)');

/** A session for the user of the request: an agent session for a user with roles, as after logging in. */
async function sessionFor(db: Db, request: SessionRequest): Promise<string | null> {
  const match =
    'email' in request
      ? eq(users.email, request.email.toLowerCase())
      : eq(users.phoneNumber, request.phoneNumber);
  const [existing] = await db.select({ user: users, roles: rolesJson }).from(users).where(match);
  const user =
    existing?.user ??
    ('phoneNumber' in request && request.name
      ? await createUser(db, {
          phoneNumber: request.phoneNumber,
          name: request.name,
          surname: 'Pruebas',
          countryCode: 'ES',
        })
      : null);
  if (!user || user.isBlocked) return null;
  const kind = existing && existing.roles.length > 0 ? 'agent' : 'user';
  return (await createSession(db, { userId: user.id, kind })).token;
}

async function listenForSessions(db: Db, path: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      Promise.resolve()
        .then(() => sessionFor(db, JSON.parse(body) as SessionRequest))
        .then((token) => {
          res.writeHead(token ? 200 : 404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ token }));
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        });
    });
  });
  fs.rmSync(path, { force: true });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  fs.chmodSync(path, 0o600); // connecting takes write permission: this user only
  return server;
}

await runServer({
  async beforeListen({ app, database }) {
    // The password the start log printed is for a person; the journeys that type it get this run's.
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword(agentPassword) })
      .where(eq(users.email, demoAccounts.agent.email));
    const sessions = await listenForSessions(database.db, socketPath);
    app.addHook('onClose', async () => {
      await new Promise((resolve) => sessions.close(resolve));
    });
  },
});
