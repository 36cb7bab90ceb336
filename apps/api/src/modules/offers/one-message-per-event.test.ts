import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import {
  defaultNotificationSettings,
  type StoredNotificationSettings,
} from '@casaoferta/domain/schemas/user-settings';
import { createAnnouncement, createProperty } from '../../db/factories';
import { outbox, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { lastCode, userWithSession } from '../../test/auth-helpers';
import { decideCurrentAnnouncement, decideCurrentProperty } from '../../test/decisions';
import { contractTestKit, ownerForm, tenantForm, type Person } from '../contracts/test-support';

/**
 * Issue 23 point 11: every event a person hears of reaches them as exactly one message, on one channel:
 * their preferred one for that kind when it is on and they can be reached on it, else WhatsApp, SMS,
 * e-mail (confirmed only). Walks every path that tells people something, with people who can be reached
 * on all three channels, and counts each person's new messages at each step.
 */
let t: TestApp;
let owner: Person;
let laura: Person;
let pablo: Person;

const withEmail = (person: Person, email: string) =>
  t.database.db.update(users).set({ email }).where(eq(users.id, person.user.id));

beforeAll(async () => {
  t = await createTestApp();
  // Everyone can be reached on WhatsApp, SMS and a confirmed e-mail address.
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueñas Ruiz' });
  laura = await userWithSession(t.database.db, { name: 'Laura', surname: 'García López' });
  // Pablo prefers SMS for offers, and e-mail for contracts.
  const pablosSettings: StoredNotificationSettings = {
    ...defaultNotificationSettings,
    offers: { ...defaultNotificationSettings.offers, preferred: 'sms' },
    contracts: { ...defaultNotificationSettings.contracts, preferred: 'email' },
  };
  pablo = await userWithSession(t.database.db, {
    name: 'Pablo',
    surname: 'Núñez',
    notificationSettings: pablosSettings,
  });
  await withEmail(owner, `olga-${owner.user.id}@example.es`);
  await withEmail(laura, `laura-${laura.user.id}@example.es`);
  await withEmail(pablo, `pablo-${pablo.user.id}@example.es`);
}, 60_000);
afterAll(() => t.close());

const kit = contractTestKit(() => t);
const { call } = kit;
const db = () => t.database.db;

/** Every message queued for a person, on their phone or their e-mail address, oldest first. */
async function messagesOf(person: Person) {
  const [row] = await db()
    .select({ phone: users.phoneNumber, email: users.email })
    .from(users)
    .where(eq(users.id, person.user.id));
  const addresses = [row?.phone, row?.email].filter((a): a is string => typeof a === 'string');
  return db()
    .select({ channel: outbox.channel, subject: outbox.subject, recipient: outbox.recipient })
    .from(outbox)
    .where(inArray(outbox.recipient, addresses))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
}

type Heard = Partial<Record<'owner' | 'laura' | 'pablo', string[]>>;

/**
 * Runs one event and returns the channels of the notices each person got from it (a one-time code has
 * no subject and always goes by SMS: `sign` checks it).
 */
async function heardOf(event: () => Promise<unknown>): Promise<Required<Heard>> {
  const people = { owner, laura, pablo };
  const before = Object.fromEntries(
    await Promise.all(Object.entries(people).map(async ([name, p]) => [name, (await messagesOf(p)).length])),
  ) as Record<keyof typeof people, number>;
  await event();
  const after = async (name: keyof typeof people) =>
    (await messagesOf(people[name]))
      .slice(before[name])
      .filter((m) => m.subject !== null)
      .map((m) => m.channel);
  return { owner: await after('owner'), laura: await after('laura'), pablo: await after('pablo') };
}

const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const done = await response;
  if (done.statusCode >= 300) throw new Error(`${done.statusCode}: ${done.body}`);
  return done;
};

const offerBody = (amount: number) => ({
  id: randomUUID(),
  amount,
  nif: '12345678Z',
  typeContractCode: 'UTC001',
  salary: 3000,
});

describe('one message per event (issue 23)', () => {
  it('offers: each new offer, closing, reopening, a data request, the decision; each once per person', async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id);
    const url = `/api/announcement/${announcement.id}`;

    expect(await heardOf(() => ok(call('POST', `${url}/offers`, laura.token, offerBody(1100))))).toEqual({
      owner: ['whatsapp'],
      laura: [],
      pablo: [],
    });
    const pablos = offerBody(1000);
    expect(await heardOf(() => ok(call('POST', `${url}/offers`, pablo.token, pablos)))).toEqual({
      owner: ['whatsapp'],
      laura: [],
      pablo: [],
    });
    // Editing an offer tells nobody twice either.
    const edited = await heardOf(() =>
      ok(call('POST', `${url}/offers`, pablo.token, { ...pablos, amount: 1050 })),
    );
    expect(edited.owner.length).toBeLessThanOrEqual(1);
    expect([edited.laura, edited.pablo]).toEqual([[], []]);

    expect(await heardOf(() => ok(call('PUT', `${url}/close-bidding`, owner.token)))).toEqual({
      owner: [],
      laura: ['whatsapp'],
      pablo: ['sms'],
    });
    expect(await heardOf(() => ok(call('PUT', `${url}/reactivate`, owner.token)))).toEqual({
      owner: [],
      laura: ['whatsapp'],
      pablo: ['sms'],
    });
    expect(
      await heardOf(() => ok(call('POST', `${url}/offer/${pablos.id}/request-complete-data`, owner.token))),
    ).toEqual({ owner: [], laura: [], pablo: ['sms'] });

    const lauras = (
      await call('GET', `/api/tenant/offers?announcementId=${announcement.id}`, laura.token)
    ).json<{
      data: { id: string }[];
    }>().data[0];
    expect(
      await heardOf(() =>
        ok(call('POST', `${url}/offer/${lauras?.id}/select-tenant`, owner.token, { reasonCode: 'ODR002' })),
      ),
    ).toEqual({ owner: [], laura: ['whatsapp'], pablo: ['sms'] });
  });

  it('a visit request, and the offers ended by a withdrawn announcement', async () => {
    const { announcement } = await createAnnouncement(db(), owner.user.id, { offerTypeCode: 'AOT002' });
    const url = `/api/announcement/${announcement.id}`;
    expect(await heardOf(() => ok(call('POST', `${url}/offers`, laura.token, offerBody(0))))).toEqual({
      owner: ['whatsapp'],
      laura: [],
      pablo: [],
    });
    expect(await heardOf(() => ok(call('POST', `${url}/offers`, pablo.token, offerBody(0))))).toEqual({
      owner: ['whatsapp'],
      laura: [],
      pablo: [],
    });
    expect(await heardOf(() => ok(call('POST', `${url}/withdraw`, owner.token)))).toEqual({
      owner: [],
      laura: ['whatsapp'],
      pablo: ['sms'],
    });
  });

  it('the agents’ decisions on the owner’s property and announcement', async () => {
    const property = await createProperty(db(), owner.user.id, {
      validationStatus: PropertyValidationStatus.PendingValidation,
    });
    expect(await heardOf(() => decideCurrentProperty(db(), property.id, { approve: true }))).toEqual({
      owner: ['whatsapp'],
      laura: [],
      pablo: [],
    });
    const { announcement } = await createAnnouncement(
      db(),
      owner.user.id,
      { statusCode: AnnouncementStatus.PendingValidation, publishedAt: null, endsAt: null },
      { validationStatus: PropertyValidationStatus.Validated },
    );
    expect(await heardOf(() => decideCurrentAnnouncement(db(), announcement.id, { approve: true }))).toEqual({
      owner: ['whatsapp'],
      laura: [],
      pablo: [],
    });
  });

  it('every step of a contract, and the preferred e-mail of the one who asked for it', async () => {
    const { id } = await kit.drafted(owner, pablo);
    const contract = `/api/contract/${id}`;
    // Who hears of each step, once: Olga on WhatsApp, Pablo by e-mail (his preference for contracts).
    const steps: [string, () => Promise<unknown>, Heard][] = [
      ['owner saves', () => ok(call('PUT', `${contract}/owner`, owner.token, ownerData)), {}],
      ['owner sends', () => ok(call('PUT', `${contract}/owner-send`, owner.token)), { pablo: ['email'] }],
      ['tenant saves', () => ok(call('PUT', `${contract}/tenant`, pablo.token, tenantData)), {}],
      [
        'tenant sends',
        () => ok(call('PUT', `${contract}/tenant-send`, pablo.token)),
        { owner: ['whatsapp'] },
      ],
      [
        'sent to sign',
        () => ok(call('POST', `${contract}/send-sign`, owner.token)),
        { owner: ['whatsapp'], pablo: ['email'] },
      ],
      ['owner signs', () => sign(id, owner, 'owner', 'Olga Dueñas Ruiz'), { pablo: ['email'] }],
      [
        'tenant signs',
        () => sign(id, pablo, 'tenant', 'Pablo Núñez'),
        { owner: ['whatsapp'], pablo: ['email'] },
      ],
    ];
    for (const [step, event, expected] of steps) {
      expect(await heardOf(event), step).toEqual({ owner: [], laura: [], pablo: [], ...expected });
    }
    const signed = (await messagesOf(pablo)).filter((m) => m.subject === 'Contrato firmado');
    expect(signed.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', `pablo-${pablo.user.id}@example.es`],
    ]);
  });

  it('falls back to the automatic order when the preferred channel cannot reach the person', async () => {
    // Pablo prefers e-mail for contracts; without an address the notice goes by WhatsApp.
    await db().update(users).set({ email: null }).where(eq(users.id, pablo.user.id));
    const { id } = await kit.bothSent(owner, pablo);
    const heard = await heardOf(() => ok(call('POST', `/api/contract/${id}/send-sign`, owner.token)));
    expect(heard).toEqual({ owner: ['whatsapp'], laura: [], pablo: ['whatsapp'] });
    await withEmail(pablo, `pablo-${pablo.user.id}@example.es`);
  });

  it('removing the address sets every kind that preferred e-mail back to automatic', async () => {
    const removed = await call('DELETE', '/api/user/email', pablo.token);
    expect(removed.statusCode).toBe(200);
    const settings = (await call('GET', '/api/user', pablo.token)).json<{
      data: { notificationSettings: StoredNotificationSettings };
    }>().data.notificationSettings;
    expect(settings.contracts.preferred).toBeNull();
    expect(settings.offers.preferred).toBe('sms');
    await withEmail(pablo, `pablo-${pablo.user.id}@example.es`);
  });
});

const ownerData = ownerForm();
const tenantData = tenantForm({ name: 'Pablo', surname: 'Núñez' });

async function sign(id: string, person: Person, party: 'owner' | 'tenant', fullName: string) {
  const before = (await messagesOf(person)).length;
  await ok(call('POST', `/api/contract/${id}/${party}/sign-code`, person.token));
  // The signing code stays an SMS, whatever the settings (issue 23).
  expect((await messagesOf(person)).slice(before).map((m) => [m.channel, m.subject])).toEqual([
    ['sms', null],
  ]);
  const code = await lastCode(db(), person.user.phoneNumber ?? '');
  return ok(call('POST', `/api/contract/${id}/${party}/sign`, person.token, { fullName, code }));
}
