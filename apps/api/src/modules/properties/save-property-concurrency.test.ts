import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAnnouncement, createProperty } from '../../db/factories';
import { properties } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { bearer, userWithSession } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';
import sharp from 'sharp';
import { propertyForm } from '../../test/samples';

/** Property writes check the property's state under its lock, in the transaction that writes. */
let t: TestApp;
let owner: { token: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db);
});
afterAll(() => t.close());

const form = {
  ...propertyForm,
  street: 'Calle Mayor',
  rooms: 3,
};
const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: bearer(owner.token) });
const propertyRow = async (id: string) =>
  (await t.database.db.select().from(properties).where(eq(properties.id, id)))[0];

describe('saving a property while it changes state', () => {
  it('never lets a draft save land on a property already sent to validation', async () => {
    for (let round = 0; round < 3; round += 1) {
      const property = await createProperty(t.database.db, owner.user.id, {
        validationStatus: 'PSG000',
        rooms: 1,
      });
      const draft = () => send('POST', '/api/property/draft', { id: property.id, rooms: 9 });
      const submit = () => send('PUT', `/api/property/${property.id}`, form);
      const answers = await Promise.all(
        round % 2 === 0 ? [submit(), draft(), draft()] : [draft(), draft(), submit()],
      );
      const submitted = answers[round % 2 === 0 ? 0 : 2];
      expect(submitted?.statusCode).toBe(200);
      for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
      // Whatever saved before the submission, the submitted form is what waits for the agent.
      expect(await propertyRow(property.id)).toMatchObject({ validationStatus: 'PSG002', rooms: 3 });
    }
  });

  it("keeps every change to a live property's revision when edits and uploads arrive at once", async () => {
    const { property } = await createAnnouncement(t.database.db, owner.user.id);
    const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    const upload = async () => {
      const body = await multipart({ propertyId: property.id }, { name: 'f.jpg', type: 'image/jpeg', bytes });
      return t.app.inject({
        method: 'POST',
        url: '/api/announcement/images',
        headers: { ...bearer(owner.token), ...body.headers },
        payload: body.payload,
      });
    };
    const answers = await Promise.all([
      upload(),
      send('PUT', `/api/property/${property.id}`, { ...form, rooms: 6 }),
      upload(),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 200, 201]);
    const row = await propertyRow(property.id);
    expect(row?.pendingRevision?.fields.rooms).toBe(6);
    expect([...(row?.pendingRevision?.imageIds ?? [])].sort()).toEqual(
      [answers[0]?.json().data.id, answers[2]?.json().data.id].sort(),
    );
    expect(row).toMatchObject({ rooms: 2, revision: property.revision + 3, validationStatus: 'PSG001' });
  });
});
