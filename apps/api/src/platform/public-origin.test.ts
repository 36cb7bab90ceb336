import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { PropertyValidationStatus } from '@casaoferta/domain/codes';
import { createAnnouncement, createProperty } from '../db/factories';
import { outbox } from '../db/schema/index';
import { agentWithSession, bearer, userWithSession } from '../test/auth-helpers';
import { createTestApp, publicAt, type TestApp } from '../test/helpers';

// Issue 22 §4: a link in a message never comes from the request. Every request below forges the headers a
// client controls (Host, X-Forwarded-Host, X-Forwarded-Proto, Forwarded); every message's links must
// still point at PUBLIC_URL, or at this machine on a local start (config.publicOrigin, decision 027).
const forged = {
  host: 'host.evil.example',
  'x-forwarded-host': 'xfh.evil.example',
  'x-forwarded-proto': 'http',
  forwarded: 'host=fwd.evil.example;proto=http',
};

describe.each([
  ['a local start', {}, 'http://localhost:8080'],
  ['a PUBLIC_URL', publicAt('https://casaoferta.example'), 'https://casaoferta.example'],
])('links in messages on %s', (_, patch, origin) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, patch);
  });
  afterAll(() => t.close());

  const post = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
    t.app.inject({ method, url, headers: { ...forged, ...bearer(token) }, payload });

  it('point at the configured origin, whatever the request says', async () => {
    const db = t.database.db;
    const owner = await userWithSession(db, { name: 'Olga', surname: 'Dueña' });
    const agent = await agentWithSession(db, 'supervisor');
    const { announcement } = await createAnnouncement(db, owner.user.id);
    // The agents' offers e-mail goes to a confirmed address only.
    const confirmed = await userWithSession(db, {
      name: 'Carla',
      surname: 'Ruiz',
      email: 'carla@example.com',
    });
    const mailed = await createAnnouncement(db, confirmed.user.id);
    // Issue 23: the owner's notice of a validation links to the property's next step.
    const pending = await createProperty(db, owner.user.id, {
      validationStatus: PropertyValidationStatus.PendingValidation,
    });
    const answers = await Promise.all([
      post('PUT', '/api/user/email', owner.token, { email: 'olga@example.com' }),
      post('POST', '/api/announcement/offers/invite', owner.token, {
        announcementId: announcement.id,
        countryCode: 'ES',
        phoneNumber: '612340001',
      }),
      post('POST', '/api/crm/whatsapp/agent/payment-announcement', agent.token, {
        announcementId: announcement.id,
        userId: owner.user.id,
      }),
      post('POST', `/api/agents/announcement/${mailed.announcement.id}/send-offers-email`, agent.token, {}),
      post('POST', `/api/agents/property/${pending.id}/validate`, agent.token, {
        validate: true,
        revision: pending.revision,
      }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(300);
    expect(JSON.stringify(answers.map((answer) => answer.json()))).not.toMatch(/evil\.example/);

    const messages = await db.select().from(outbox).orderBy(desc(outbox.createdAt));
    const links = messages.flatMap((message) => message.body.match(/https?:\/\/[^\s»"'<)]+/g) ?? []);
    // The confirmation e-mail, the invitation SMS, the payment link, the offers e-mail, the validation
    // notice: one link each at least.
    expect(links.length).toBeGreaterThanOrEqual(5);
    expect(links).toContain(`${origin}/property-detail/${pending.id}`);
    for (const link of links) expect(link.startsWith(`${origin}/`), link).toBe(true);
    expect(JSON.stringify(messages)).not.toMatch(/evil\.example/);
  });
});
