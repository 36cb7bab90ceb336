import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OwnerOffers } from '@casaoferta/domain/schemas/offers';
import type { TenantSolvency } from '@casaoferta/domain/schemas/tenant';
import { createAnnouncement, createOffer } from '../../db/factories';
import { announcements } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { storeProfile, type ProfileFixture } from './profile-test-support';

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithSession>>;
/** A live rental of 1.000 €/mes. */
let rentalId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueña' });
  rentalId = (await createAnnouncement(t.database.db, owner.user.id, { price: 1000 })).announcement.id;
});
afterAll(() => t.close());

const get = (url: string, token: string | null) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const solvencyUrl = (announcementId: string, query = '') =>
  `/api/announcement/${announcementId}/solvency${query}`;

/** A new person with `fixture` as their profile, and their verdict on `announcementId`. */
async function verdictOf(fixture: ProfileFixture | null, announcementId = rentalId, query = '') {
  const person = await userWithSession(t.database.db);
  if (fixture) await storeProfile(t.database.db, person.user.id, fixture);
  const response = await get(solvencyUrl(announcementId, query), person.token);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: TenantSolvency }>().data;
}
/** The tenant's work step with a band (URS003 900 €, URS005 1.500 €, URS007 2.500 €, URS008 3.000 €). */
const earning = (salaryRangeCode: string, nif = '87654321X'): ProfileFixture => ({
  work: { nif, typeContractCode: 'UTC001', salaryRangeCode },
});
const bands = 'Calculado con el mínimo del tramo de ingresos de cada titular y avalista.';
/** The non-breaking space of a percentage ("35 %" never wraps before its sign). */
const nbsp = '\u00a0';
const nobody = { hasCoHolder: false, hasGuarantor: false };

describe('GET /api/announcement/:id/solvency', () => {
  it('asks a person without a profile to complete their work situation', async () => {
    expect(await verdictOf(null)).toEqual({
      statusCode: 'OSS001',
      ratio: null,
      reasons: [
        'Completa tu situación laboral (tipo de contrato y tramo de ingresos) para calcular tu solvencia.',
      ],
      ...nobody,
      withGuarantor: null,
      withCoHolder: null,
    });
    // Identifier and contract type, but no salary band yet: still nothing to judge.
    const noBand = await verdictOf({ work: { nif: '87654321X', typeContractCode: 'UTC001' } });
    expect(noBand).toMatchObject({ statusCode: 'OSS001', withGuarantor: null, withCoHolder: null });
  });

  it('is solvent within 35 % of the holders’ income, with nothing to add', async () => {
    expect(await verdictOf(earning('URS008'))).toEqual({
      statusCode: 'OSS002',
      ratio: 0.33,
      reasons: [
        `El alquiler (1.000 €/mes) sería el 33${nbsp}% de tus ingresos netos (3.000 €/mes).`,
        `Está dentro del 35${nbsp}% recomendado: confía en tus posibilidades.`,
        bands,
      ],
      ...nobody,
      withGuarantor: null,
      withCoHolder: null,
    });
  });

  it('is tight up to 45 %, and says what a co-holder or a guarantor would change', async () => {
    expect(await verdictOf(earning('URS007'))).toEqual({
      statusCode: 'OSS005',
      ratio: 0.4,
      reasons: [
        `El alquiler (1.000 €/mes) sería el 40${nbsp}% de tus ingresos netos (2.500 €/mes).`,
        `Supera el 35${nbsp}% recomendado sin pasar del 45${nbsp}%: puedes ofertar, pero un avalista o un co-titular reforzaría tu solicitud.`,
        bands,
      ],
      ...nobody,
      withCoHolder: {
        statusCode: 'OSS002',
        ratio: 0.35,
        reasons: [
          'Con un co-titular que aporte al menos 358 € netos al mes, serías solvente.',
          `El alquiler (1.000 €/mes) sería el 35${nbsp}% de tus ingresos netos (2.858 €/mes).`,
          `Está dentro del 35${nbsp}% recomendado: confía en tus posibilidades.`,
          bands,
        ],
        hasCoHolder: true,
        hasGuarantor: false,
      },
      withGuarantor: {
        statusCode: 'OSS003',
        ratio: 0.35,
        reasons: [
          'Con un avalista que ingrese al menos 358 € netos al mes, serías solvente con avalista.',
          `El alquiler (1.000 €/mes) sería el 35${nbsp}% de tus ingresos netos (2.858 €/mes), contando los de tu avalista.`,
          `Está dentro del 35${nbsp}% recomendado: confía en tus posibilidades.`,
          'Con los ingresos de tus avalistas llegas: tu solicitud es solvente con avalista.',
          bands,
        ],
        hasCoHolder: false,
        hasGuarantor: true,
      },
    });
  });

  it('is insufficient above 45 %', async () => {
    const verdict = await verdictOf(earning('URS005'));
    expect(verdict).toMatchObject({
      statusCode: 'OSS004',
      ratio: 0.67,
      withCoHolder: { statusCode: 'OSS002' },
      withGuarantor: { statusCode: 'OSS003' },
    });
    expect(verdict.reasons[1]).toBe(
      `Supera el 45${nbsp}% de tus ingresos: con un avalista o un co-titular tu solicitud sería más sólida.`,
    );
    expect(verdict.withCoHolder?.reasons[0]).toBe(
      'Con un co-titular que aporte al menos 1.358 € netos al mes, serías solvente.',
    );
  });

  it('adds the co-holders’ and the guarantors’ bands to the tenant’s (issue 23, point 8)', async () => {
    // 1.500 + 1.500 € of holders: 33 %.
    const coHolder = await verdictOf({
      ...earning('URS005'),
      coHolders: [{ nif: 'X1234567L', salaryRangeCode: 'URS005' }],
    });
    expect(coHolder).toMatchObject({
      statusCode: 'OSS002',
      ratio: 0.33,
      withCoHolder: null,
      hasCoHolder: true,
      hasGuarantor: false,
    });
    expect(coHolder.reasons[0]).toBe(
      `El alquiler (1.000 €/mes) sería el 33${nbsp}% de tus ingresos netos (3.000 €/mes).`,
    );
    // 900 € of the tenant's with a guarantor of 3.000 €: 1.000 of 3.900 is 26 %, solvent with a guarantor.
    const guarantor = await verdictOf({
      ...earning('URS003'),
      guarantors: [{ nif: '00000000T', salaryRangeCode: 'URS008' }],
    });
    expect(guarantor).toMatchObject({
      statusCode: 'OSS003',
      ratio: 0.26,
      withGuarantor: null,
      hasGuarantor: true,
    });
    expect(guarantor.reasons).toContain(
      'Con los ingresos de tus avalistas llegas: tu solicitud es solvente con avalista.',
    );
    expect(guarantor.withCoHolder?.reasons[0]).toBe(
      'Con un co-titular que aporte al menos 1.958 € netos al mes, serías solvente.',
    );
    // A guarantor who does not bring the household within 35 % still counts: 1.000 of 900 + 900 € is
    // 56 % (111 % without), and the tenant is not told to add a guarantor again.
    const weakGuarantor = await verdictOf({
      ...earning('URS003'),
      guarantors: [{ nif: '00000000T', salaryRangeCode: 'URS003' }],
    });
    expect(weakGuarantor).toMatchObject({
      statusCode: 'OSS004',
      ratio: 0.56,
      hasGuarantor: true,
      withGuarantor: null,
      withCoHolder: { statusCode: 'OSS002' },
    });
    expect(weakGuarantor.reasons[0]).toBe(
      `El alquiler (1.000 €/mes) sería el 56${nbsp}% de tus ingresos netos (1.800 €/mes), contando los de tu avalista.`,
    );
  });

  it('gives the tenant the effort figure the owner reads on their offer (issue 23, point 8)', async () => {
    // The household: a 2.000 € band, a guarantor of 600 €, an offer of 700 € on a 900 € rental.
    const { announcement } = await createAnnouncement(t.database.db, owner.user.id, { price: 900 });
    const tenant = await userWithSession(t.database.db);
    await storeProfile(t.database.db, tenant.user.id, {
      ...earning('URS006'),
      guarantors: [{ nif: '00000000T', salaryRangeCode: 'URS002' }],
    });
    const offer = await createOffer(t.database.db, announcement.id, tenant.user.id, {
      amount: 700,
      salary: 2000,
    });
    const mine = (await get(solvencyUrl(announcement.id), tenant.token)).json<{ data: TenantSolvency }>()
      .data;
    await t.database.db
      .update(announcements)
      .set({ isPaid: true })
      .where(eq(announcements.id, announcement.id));
    const owners = (await get(`/api/announcement/${announcement.id}/offers`, owner.token)).json<{
      data: OwnerOffers;
    }>().data.offers;
    const theirs = owners.find((o) => o.id === offer.id)?.solvency;
    // 700 of 2.000 + 600 €: 27 %, the same on both sides, with the same status and people.
    expect(mine).toMatchObject({ statusCode: 'OSS002', ratio: 0.27, hasGuarantor: true });
    expect(theirs).toMatchObject({ statusCode: mine.statusCode, ratio: mine.ratio, hasGuarantor: true });
    const preview = await t.app.inject({
      method: 'POST',
      url: `/api/announcement/${announcement.id}/offer/${offer.id}/solvency`,
      headers: bearer(owner.token),
    });
    expect(preview.json().data).toMatchObject({ ratio: mine.ratio });
    // The dialog's amount still wins over the current offer's.
    expect((await get(solvencyUrl(announcement.id, '?amount=900'), tenant.token)).json().data.ratio).toBe(
      0.35,
    );
    // Without a band, the salary declared with the offer stands for the tenant's income, as for the owner.
    const declaring = await userWithSession(t.database.db);
    const declared = await createOffer(t.database.db, announcement.id, declaring.user.id, {
      amount: 800,
      salary: 2000,
    });
    const myDeclared = (await get(solvencyUrl(announcement.id), declaring.token)).json<{
      data: TenantSolvency;
    }>().data;
    const owners2 = (await get(`/api/announcement/${announcement.id}/offers`, owner.token)).json<{
      data: OwnerOffers;
    }>().data.offers;
    expect(myDeclared).toMatchObject({ statusCode: 'OSS005', ratio: 0.4 });
    expect(myDeclared.reasons.at(-1)).toBe(
      'Calculado con el salario neto que declaraste con tu oferta; aún no está verificado.',
    );
    expect(owners2.find((o) => o.id === declared.id)?.solvency.ratio).toBe(myDeclared.ratio);
  });

  it('judges the amount asked for instead of the price', async () => {
    expect(await verdictOf(earning('URS007'), rentalId, '?amount=800')).toMatchObject({
      statusCode: 'OSS002',
      ratio: 0.32,
    });
    const person = await userWithSession(t.database.db);
    for (const query of ['?amount=0', '?amount=850.5', '?amount=mil']) {
      expect((await get(solvencyUrl(rentalId, query), person.token)).statusCode).toBe(400);
    }
  });

  it('says what a sale’s solvency depends on', async () => {
    const { announcement: sale } = await createAnnouncement(t.database.db, owner.user.id, {
      typeCode: 'ATY003',
      price: 240_000,
    });
    expect(await verdictOf(earning('URS008'), sale.id)).toEqual({
      statusCode: 'OSS001',
      ratio: null,
      reasons: [
        'En una compra, la solvencia depende de cómo pagues: al contado o con una hipoteca preaprobada.',
      ],
      ...nobody,
      withGuarantor: null,
      withCoHolder: null,
    });
  });

  it('answers 404 for an announcement that does not exist or is not on show, 401 and 403 to others', async () => {
    const person = await userWithSession(t.database.db);
    expect((await get(solvencyUrl(randomUUID()), person.token)).statusCode).toBe(404);
    const { announcement: draft } = await createAnnouncement(t.database.db, owner.user.id, {
      statusCode: 'AST000',
    });
    const { announcement: ended } = await createAnnouncement(t.database.db, owner.user.id, {
      endsAt: new Date(Date.now() - 1000),
    });
    expect((await get(solvencyUrl(draft.id), person.token)).statusCode).toBe(404);
    expect((await get(solvencyUrl(ended.id), person.token)).statusCode).toBe(404);
    // As on its property page, the owner still sees their own.
    expect((await get(solvencyUrl(draft.id), owner.token)).statusCode).toBe(200);
    expect((await get(solvencyUrl(rentalId), null)).statusCode).toBe(401);
    const agent = await agentWithSession(t.database.db);
    expect((await get(solvencyUrl(rentalId), agent.token)).statusCode).toBe(403);
    // An agent acting as the person reads the person's verdict.
    const acting = await createSession(t.database.db, {
      userId: person.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
      reason: 'Ayuda con una oferta',
    });
    expect((await get(solvencyUrl(rentalId), acting.token)).json().data.statusCode).toBe('OSS001');
  });
});
