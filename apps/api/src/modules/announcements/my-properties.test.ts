import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementStatus, OfferStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import {
  propertyLevelSteps,
  tabOfAnnouncementStatus,
  type OwnerNextStep,
  type OwnerTab,
} from '@casaoferta/domain/rules/owner-next-step';
import type { OwnerAnnouncement, OwnerProperty } from '@casaoferta/domain/schemas/owner-listings';
import { createAnnouncement, createOffer, createProperty, createUser } from '../../db/factories';
import { announcements } from '../../db/schema/index';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/helpers';

// Issue 23 §1: every property of an owner is in exactly one tab of "Mis anuncios", with its next step,
// whatever its announcements (none, a draft, in validation, on show, ended...).

let t: TestApp;
let owner: { token: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db);
});
afterAll(() => t.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
};

const propertyStatuses = Object.values(PropertyValidationStatus);
const announcementStatuses = Object.values(AnnouncementStatus);

/** A property in `validationStatus` with announcements in `statuses` (the last one the newest). */
async function propertyWith(validationStatus: string, statuses: readonly string[]) {
  const db = t.database.db;
  const property = await createProperty(db, owner.user.id, { validationStatus });
  const ids: string[] = [];
  for (const [index, statusCode] of statuses.entries()) {
    const [row] = await db
      .insert(announcements)
      .values({
        propertyId: property.id,
        ownerId: owner.user.id,
        typeCode: index % 2 === 0 ? 'ATY002' : 'ATY003',
        statusCode,
        price: 1000,
        updatedAt: new Date(Date.now() - (statuses.length - index) * 60_000),
      })
      .returning({ id: announcements.id });
    if (row) ids.push(row.id);
  }
  return { id: property.id, announcementIds: ids };
}

const expectedOfAnnouncement: Record<string, [OwnerNextStep, OwnerTab]> = {
  [AnnouncementStatus.Draft]: ['continueAnnouncement', 'drafts'],
  [AnnouncementStatus.Rejected]: ['correctAnnouncement', 'drafts'],
  [AnnouncementStatus.PendingValidation]: ['announcementInValidation', 'active'],
  [AnnouncementStatus.Validated]: ['followOffers', 'active'],
  [AnnouncementStatus.BiddingClosed]: ['chooseOffer', 'active'],
  [AnnouncementStatus.TenantSelected]: ['signContract', 'active'],
  [AnnouncementStatus.Closed]: ['done', 'finished'],
  [AnnouncementStatus.Ended]: ['republish', 'finished'],
  [AnnouncementStatus.Withdrawn]: ['republish', 'finished'],
};
const expectedOfProperty: Record<string, OwnerNextStep> = {
  [PropertyValidationStatus.NotValidated]: 'continueProperty',
  [PropertyValidationStatus.PendingValidation]: 'propertyInValidation',
  [PropertyValidationStatus.Rejected]: 'correctProperty',
};

describe('GET /api/announcement/properties: the tab and next step of every property', () => {
  it('puts every combination of property and announcement states in exactly one tab, with its step', async () => {
    const cases: { id: string; step: OwnerNextStep; tab: OwnerTab; announcementId: string | null }[] = [];
    for (const validationStatus of propertyStatuses) {
      for (const statuses of [[], ...announcementStatuses.map((status) => [status])]) {
        const made = await propertyWith(validationStatus, statuses);
        const own = expectedOfProperty[validationStatus];
        const [only] = statuses;
        const expected: [OwnerNextStep, OwnerTab, string | null] = own
          ? [own, 'drafts', null]
          : only === undefined
            ? ['createAnnouncement', 'drafts', null]
            : [
                ...(expectedOfAnnouncement[only] ?? ['republish', 'finished']),
                made.announcementIds[0] ?? null,
              ];
        cases.push({ id: made.id, step: expected[0], tab: expected[1], announcementId: expected[2] });
      }
    }
    // Validated properties with several announcements: led by the one furthest along, then the newest.
    const mixes: [string[], number, OwnerNextStep][] = [
      [[AnnouncementStatus.Ended, AnnouncementStatus.Draft], 1, 'continueAnnouncement'],
      [
        [AnnouncementStatus.Closed, AnnouncementStatus.Validated, AnnouncementStatus.Draft],
        1,
        'followOffers',
      ],
      [[AnnouncementStatus.Withdrawn, AnnouncementStatus.Ended], 1, 'republish'],
      [[AnnouncementStatus.Rejected, AnnouncementStatus.PendingValidation], 1, 'announcementInValidation'],
    ];
    for (const [statuses, lead, step] of mixes) {
      const made = await propertyWith(PropertyValidationStatus.Validated, statuses);
      const leadStatus = statuses[lead] ?? '';
      cases.push({
        id: made.id,
        step,
        tab: tabOfAnnouncementStatus(leadStatus),
        announcementId: made.announcementIds[lead] ?? null,
      });
    }

    const listed = await get<OwnerProperty[]>('/api/announcement/properties');
    const mine = await get<OwnerAnnouncement[]>('/api/announcement/in-progress');
    expect(listed).toHaveLength(cases.length);
    for (const expected of cases) {
      const matches = listed.filter((property) => property.id === expected.id);
      expect(matches, expected.id).toHaveLength(1);
      const [property] = matches;
      expect(property, JSON.stringify(expected)).toMatchObject({
        tab: expected.tab,
        nextStep: expected.step,
        nextAnnouncementId: expected.announcementId,
      });
      // The step is on the property's own card, or on its leading announcement's card in the same tab.
      if (expected.announcementId === null) {
        expect(propertyLevelSteps).toContain(expected.step);
      } else {
        const lead = mine.find((announcement) => announcement.id === expected.announcementId);
        expect(lead?.propertyId).toBe(expected.id);
        expect(tabOfAnnouncementStatus(lead?.statusCode ?? '')).toBe(expected.tab);
      }
    }
  });

  it("counts every offer an announcement received, current and past, so the offers' link outlives the deal", async () => {
    const db = t.database.db;
    const { announcement } = await createAnnouncement(db, owner.user.id);
    const candidates = [await createUser(db), await createUser(db), await createUser(db)];
    for (const [index, candidate] of candidates.entries()) {
      await createOffer(db, announcement.id, candidate.id, {
        amount: 1000 + index,
        ...(index === 0 ? { statusCode: OfferStatus.Withdrawn } : {}),
      });
    }
    const before = await get<OwnerAnnouncement>(`/api/announcement/${announcement.id}`);
    expect(before).toMatchObject({ receivedOffers: 3 });
    // Withdrawn: its current offers end, the received ones are still on the offers page.
    await t.app.inject({
      method: 'POST',
      url: `/api/announcement/${announcement.id}/withdraw`,
      headers: bearer(owner.token),
    });
    const after = await get<OwnerAnnouncement[]>('/api/announcement/in-progress');
    expect(after.find((item) => item.id === announcement.id)).toMatchObject({
      statusCode: AnnouncementStatus.Withdrawn,
      offersCount: 0,
      receivedOffers: 3,
    });
  });
});
