import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAnnouncement, createProperty } from '../../db/factories';
import { announcements, properties } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { propertyForm } from '../../test/samples';

let t: TestApp;
let agentToken: string;
let owner: { token: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  agentToken = (await agentWithSession(t.database.db, 'agent')).token;
  owner = await userWithSession(t.database.db);
});
afterAll(() => t.close());

const post = (url: string, payload?: object, token = agentToken) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();
const announcementRow = async (id: string) =>
  (await t.database.db.select().from(announcements).where(eq(announcements.id, id)))[0];
const propertyRow = async (id: string) =>
  (await t.database.db.select().from(properties).where(eq(properties.id, id)))[0];
const pendingAnnouncement = async () =>
  (
    await createAnnouncement(t.database.db, owner.user.id, {
      statusCode: 'AST002',
      publishedAt: null,
      endsAt: null,
    })
  ).announcement;

describe('agents decide inside the write', () => {
  it('approves an announcement once when many agents approve it at the same time', async () => {
    const announcement = await pendingAnnouncement();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(`/api/agents/announcement/${announcement.id}/validate`, {
          validate: true,
          revision: announcement.revision,
        }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await announcementRow(announcement.id))?.statusCode).toBe('AST001');
  });

  it('never turns a withdrawn announcement back to live when the withdrawal races the approval', async () => {
    for (let round = 0; round < 4; round += 1) {
      const announcement = await pendingAnnouncement();
      const approve = () =>
        post(`/api/agents/announcement/${announcement.id}/validate`, {
          validate: true,
          revision: announcement.revision,
        });
      const withdraw = () => post(`/api/announcement/${announcement.id}/withdraw`, undefined, owner.token);
      // Both orders of arrival: the owner's withdrawal is allowed from pending and from live.
      const [first, second] = round % 2 === 0 ? [approve, withdraw] : [withdraw, approve];
      const answers = await Promise.all([first(), second()]);
      const withdrawn = answers[round % 2 === 0 ? 1 : 0];
      expect(withdrawn?.statusCode).toBe(200);
      expect((await announcementRow(announcement.id))?.statusCode).toBe('AST005');
    }
  });

  it('approves a property once when many agents approve it at the same time', async () => {
    const property = await createProperty(t.database.db, owner.user.id, { validationStatus: 'PSG002' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(`/api/agents/property/${property.id}/validate`, { validate: true, revision: property.revision }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await propertyRow(property.id))?.validationStatus).toBe('PSG001');
  });

  it("either approves the property version reviewed, or the owner's edit makes the approval outdated", async () => {
    for (let round = 0; round < 4; round += 1) {
      const property = await createProperty(t.database.db, owner.user.id, {
        validationStatus: 'PSG002',
        rooms: 2,
      });
      const approve = () =>
        post(`/api/agents/property/${property.id}/validate`, { validate: true, revision: property.revision });
      const edit = () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/property/${property.id}`,
          headers: bearer(owner.token),
          payload: {
            ...propertyForm,
            street: 'Calle Mayor',
            rooms: 5,
          },
        });
      const [approved, edited] =
        round % 2 === 0
          ? await Promise.all([approve(), edit()])
          : (await Promise.all([edit(), approve()])).reverse();
      expect(edited?.statusCode).toBe(200);
      const row = await propertyRow(property.id);
      if (approved?.statusCode === 200) {
        // Approved as reviewed; the edit came after, and waits as a revision.
        expect(row).toMatchObject({ validationStatus: 'PSG001', rooms: 2 });
        expect(row?.pendingRevision).toMatchObject({ status: 'pending', fields: { rooms: 5 } });
      } else {
        expect(approved?.json().errors[0].code).toBe('REVISION_OUTDATED');
        expect(row).toMatchObject({ validationStatus: 'PSG002', rooms: 5, pendingRevision: null });
      }
    }
  });
});
