import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createProperty } from '../../db/factories';
import { announcements, outbox, properties, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { propertyForm } from '../../test/samples';
import { decideCurrentAnnouncement } from '../../test/decisions';

/**
 * Issue 23 point 6 (decision 028): the owner sends the property and its announcement together, and the
 * agent decides both in one review, the property's rules first.
 */
let t: TestApp;
let agentToken: string;
beforeAll(async () => {
  t = await createTestApp();
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const announcementRow = async (id: string) =>
  (await t.database.db.select().from(announcements).where(eq(announcements.id, id)))[0];
const propertyRow = async (id: string) =>
  (await t.database.db.select().from(properties).where(eq(properties.id, id)))[0];

/** The subjects of the notices queued for the owner, one per event (whatever the channels). */
async function subjectsOf(userId: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
  const rows = await t.database.db.select().from(outbox);
  const mine = rows.filter((row) => [user?.phoneNumber, user?.email].includes(row.recipient));
  return [...new Set(mine.map((row) => row.subject))];
}

/** An owner who sent a property to validation and, at once, its announcement: both pending. */
async function sentTogether() {
  const owner = await userWithSession(t.database.db);
  const draft = await createProperty(t.database.db, owner.user.id, { validationStatus: 'PSG000' });
  const sent = await call('PUT', `/api/property/${draft.id}`, owner.token, propertyForm);
  expect(sent.statusCode).toBe(200);
  const saved = await call('POST', '/api/announcement/draft', owner.token, {
    propertyId: draft.id,
    price: 950,
  });
  const announcementId: string = saved.json().data.id;
  const published = await call('POST', `/api/announcement/${announcementId}/publish`, owner.token);
  expect(published.statusCode).toBe(200);
  expect(published.json().data).toMatchObject({ statusCode: 'AST002', propertyValidationStatus: 'PSG002' });
  return { owner, propertyId: draft.id, announcementId };
}

/** What the agent's review shows: the revisions a decision names. */
async function review(propertyId: string, announcementId: string) {
  const data = (await call('GET', `/api/agents/property/${propertyId}/review`, agentToken)).json().data as {
    revision: number;
    announcements: { id: string; statusCode: string; revision: number }[];
  };
  const announcement = data.announcements.find((a) => a.id === announcementId);
  if (!announcement) throw new Error('the review does not show the announcement');
  expect(announcement.statusCode).toBe('AST002');
  return { property: data.revision, announcement: announcement.revision };
}

const decide = (propertyId: string, body: object) =>
  call('POST', `/api/agents/property/${propertyId}/validate`, agentToken, body);

describe('the owner sends property and announcement together', () => {
  it('publishes while the property is in validation; never on one not sent, nor on a rejected one', async () => {
    const { owner, announcementId } = await sentTogether();
    const list = (await call('GET', `/api/announcement/${announcementId}`, owner.token)).json().data;
    expect(list).toMatchObject({ statusCode: 'AST002' });

    const notSent = await createProperty(t.database.db, owner.user.id, { validationStatus: 'PSG000' });
    const draft = await call('POST', '/api/announcement/draft', owner.token, {
      propertyId: notSent.id,
      price: 800,
    });
    const refused = await call('POST', `/api/announcement/${draft.json().data.id}/publish`, owner.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe('PROPERTY_NOT_VALIDATED');
  });

  it('an announcement waiting with its property cannot be published by itself', async () => {
    const { announcementId } = await sentTogether();
    await expect(
      decideCurrentAnnouncement(t.database.db, announcementId, { approve: true }),
    ).rejects.toThrow();
    expect((await announcementRow(announcementId))?.statusCode).toBe('AST002');
  });
});

describe('the agent decides both in one review', () => {
  it("'Validar inmueble y anuncio': one request, the announcement live, one notice", async () => {
    const { owner, propertyId, announcementId } = await sentTogether();
    const revisions = await review(propertyId, announcementId);
    const answer = await decide(propertyId, {
      validate: true,
      revision: revisions.property,
      announcement: { id: announcementId, validate: true, revision: revisions.announcement },
    });
    expect(answer.statusCode).toBe(200);
    expect(await propertyRow(propertyId)).toMatchObject({ validationStatus: 'PSG001' });
    const live = await announcementRow(announcementId);
    expect(live).toMatchObject({ statusCode: 'AST001', statusReason: null });
    expect(live?.endsAt).not.toBeNull();
    const card = await t.app.inject({ method: 'GET', url: `/api/property/${propertyId}` });
    expect(card.statusCode).toBe(200);
    expect(await subjectsOf(owner.user.id)).toEqual(['Tu inmueble está validado y tu anuncio publicado']);
  });

  it('validates the property and rejects the announcement: back to the owner with its reason', async () => {
    const { owner, propertyId, announcementId } = await sentTogether();
    const revisions = await review(propertyId, announcementId);
    const answer = await decide(propertyId, {
      validate: true,
      revision: revisions.property,
      announcement: {
        id: announcementId,
        validate: false,
        reasons: 'El precio no es el de la vivienda',
        revision: revisions.announcement,
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(await propertyRow(propertyId)).toMatchObject({ validationStatus: 'PSG001' });
    expect(await announcementRow(announcementId)).toMatchObject({
      statusCode: 'AST007',
      statusReason: 'El precio no es el de la vivienda',
      publishedAt: null,
    });
    expect(await subjectsOf(owner.user.id)).toEqual([
      'Tu inmueble está validado, pero no hemos podido publicar tu anuncio',
    ]);
  });

  it('a rejected property: the announcement is not published, and waits with it (or is rejected too)', async () => {
    const { owner, propertyId, announcementId } = await sentTogether();
    const revisions = await review(propertyId, announcementId);
    // Approving the announcement while rejecting its property: refused, nothing changes.
    const refused = await decide(propertyId, {
      validate: false,
      reasons: 'Faltan fotos',
      revision: revisions.property,
      announcement: { id: announcementId, validate: true, revision: revisions.announcement },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe('PROPERTY_NOT_VALIDATED');
    expect(await propertyRow(propertyId)).toMatchObject({ validationStatus: 'PSG002' });

    const rejected = await decide(propertyId, {
      validate: false,
      reasons: 'Faltan fotos',
      revision: revisions.property,
    });
    expect(rejected.statusCode).toBe(200);
    expect(await propertyRow(propertyId)).toMatchObject({ validationStatus: 'PSG004' });
    expect(await announcementRow(announcementId)).toMatchObject({ statusCode: 'AST002', publishedAt: null });
    expect(await subjectsOf(owner.user.id)).toEqual(['No hemos podido validar tu inmueble']);

    // The owner corrects the property and sends it again: both come back to the same review.
    const resent = await call('PUT', `/api/property/${propertyId}`, owner.token, {
      ...propertyForm,
      street: 'Calle Mayor',
    });
    expect(resent.statusCode).toBe(200);
    const again = await review(propertyId, announcementId);
    expect(
      (
        await decide(propertyId, {
          validate: true,
          revision: again.property,
          announcement: { id: announcementId, validate: true, revision: again.announcement },
        })
      ).statusCode,
    ).toBe(200);
    expect((await announcementRow(announcementId))?.statusCode).toBe('AST001');
  });

  it('rejects both in one decision, with one notice', async () => {
    const { owner, propertyId, announcementId } = await sentTogether();
    const revisions = await review(propertyId, announcementId);
    const answer = await decide(propertyId, {
      validate: false,
      reasons: 'Faltan fotos',
      revision: revisions.property,
      announcement: {
        id: announcementId,
        validate: false,
        reasons: 'Falta la descripción',
        revision: revisions.announcement,
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(await propertyRow(propertyId)).toMatchObject({ validationStatus: 'PSG004' });
    expect(await announcementRow(announcementId)).toMatchObject({
      statusCode: 'AST007',
      statusReason: 'Falta la descripción',
    });
    expect(await subjectsOf(owner.user.id)).toEqual([
      'No hemos podido validar tu inmueble ni publicar tu anuncio',
    ]);
  });

  it("refuses another property's announcement (404) and an announcement rejection without reason (400)", async () => {
    const first = await sentTogether();
    const second = await sentTogether();
    const revisions = await review(first.propertyId, first.announcementId);
    const other = await review(second.propertyId, second.announcementId);
    const stranger = await decide(first.propertyId, {
      validate: true,
      revision: revisions.property,
      announcement: { id: second.announcementId, validate: true, revision: other.announcement },
    });
    expect(stranger.statusCode).toBe(404);
    const noReason = await decide(first.propertyId, {
      validate: true,
      revision: revisions.property,
      announcement: { id: first.announcementId, validate: false, revision: revisions.announcement },
    });
    expect(noReason.statusCode).toBe(400);
    expect(await propertyRow(first.propertyId)).toMatchObject({ validationStatus: 'PSG002' });
    expect((await announcementRow(second.announcementId))?.statusCode).toBe('AST002');
  });
});

describe('the revision guard of decision 011 holds for the joint decision', () => {
  it("an owner's edit after the review makes it outdated: nothing is validated nor published", async () => {
    const { owner, propertyId, announcementId } = await sentTogether();
    const revisions = await review(propertyId, announcementId);
    await call('PUT', `/api/property/${propertyId}`, owner.token, { ...propertyForm, rooms: 5 });
    const answer = await decide(propertyId, {
      validate: true,
      revision: revisions.property,
      announcement: { id: announcementId, validate: true, revision: revisions.announcement },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errors[0].code).toBe('REVISION_OUTDATED');
    expect(await propertyRow(propertyId)).toMatchObject({ validationStatus: 'PSG002', rooms: 5 });
    expect((await announcementRow(announcementId))?.statusCode).toBe('AST002');
  });

  it('the agent validating while the owner edits: the reviewed version goes live, or nothing does', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { owner, propertyId, announcementId } = await sentTogether();
      const revisions = await review(propertyId, announcementId);
      const rooms = (await propertyRow(propertyId))?.rooms;
      const approve = () =>
        decide(propertyId, {
          validate: true,
          revision: revisions.property,
          announcement: { id: announcementId, validate: true, revision: revisions.announcement },
        });
      const edit = () =>
        call('PUT', `/api/property/${propertyId}`, owner.token, { ...propertyForm, rooms: 7 });
      const [approved, edited] =
        round % 2 === 0
          ? await Promise.all([approve(), edit()])
          : (await Promise.all([edit(), approve()])).reverse();
      expect(edited?.statusCode).toBe(200);
      const property = await propertyRow(propertyId);
      const announcement = await announcementRow(announcementId);
      if (approved?.statusCode === 200) {
        // Both decided as reviewed; the edit came after and waits as a revision (decision 011).
        expect(property).toMatchObject({ validationStatus: 'PSG001', rooms });
        expect(property?.pendingRevision).toMatchObject({ status: 'pending', fields: { rooms: 7 } });
        expect(announcement?.statusCode).toBe('AST001');
        expect(announcement?.rooms).toBe(rooms);
      } else {
        expect(approved?.json().errors[0].code).toBe('REVISION_OUTDATED');
        expect(property).toMatchObject({ validationStatus: 'PSG002', rooms: 7 });
        expect(announcement?.statusCode).toBe('AST002');
      }
    }
  });
});
