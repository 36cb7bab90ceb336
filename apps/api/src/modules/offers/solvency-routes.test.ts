import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantSolvency } from '@casaoferta/domain/schemas/tenant';
import { createAnnouncement } from '../../db/factories';
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
const bands =
  'Calculado con el mínimo del tramo de ingresos de cada titular; los avalistas se cuentan aparte.';

describe('GET /api/announcement/:id/solvency', () => {
  it('asks a person without a profile to complete their work situation', async () => {
    expect(await verdictOf(null)).toEqual({
      statusCode: 'OSS001',
      ratio: null,
      reasons: [
        'Completa tu situación laboral (tipo de contrato y tramo de ingresos) para calcular tu solvencia.',
      ],
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
        'El alquiler (1.000 €/mes) sería el 33 % de tus ingresos netos (3.000 €/mes).',
        'Está dentro del 35 % recomendado: confía en tus posibilidades.',
        bands,
      ],
      withGuarantor: null,
      withCoHolder: null,
    });
  });

  it('is tight up to 45 %, and says what a co-holder or a guarantor would change', async () => {
    expect(await verdictOf(earning('URS007'))).toEqual({
      statusCode: 'OSS005',
      ratio: 0.4,
      reasons: [
        'El alquiler (1.000 €/mes) sería el 40 % de tus ingresos netos (2.500 €/mes).',
        'Supera el 35 % recomendado sin pasar del 45 %: puedes ofertar, pero un avalista o un co-titular reforzaría tu solicitud.',
        bands,
      ],
      withCoHolder: {
        statusCode: 'OSS002',
        ratio: 0.35,
        reasons: [
          'Con un co-titular que aporte al menos 358 € netos al mes, serías solvente.',
          'El alquiler (1.000 €/mes) sería el 35 % de tus ingresos netos (2.858 €/mes).',
          'Está dentro del 35 % recomendado: confía en tus posibilidades.',
          bands,
        ],
      },
      withGuarantor: {
        statusCode: 'OSS003',
        ratio: 0.4,
        reasons: [
          'Con un avalista que ingrese al menos 2.858 € netos al mes, serías solvente con avalista.',
          'El alquiler (1.000 €/mes) sería el 40 % de tus ingresos netos (2.500 €/mes).',
          'Supera el 35 % recomendado sin pasar del 45 %: puedes ofertar, pero un avalista o un co-titular reforzaría tu solicitud.',
          'Tus avalistas cubren el alquiler: tu solicitud es solvente con avalista.',
          bands,
        ],
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
      'Supera el 45 % de tus ingresos: con un avalista o un co-titular tu solicitud sería más sólida.',
    );
    expect(verdict.withCoHolder?.reasons[0]).toBe(
      'Con un co-titular que aporte al menos 1.358 € netos al mes, serías solvente.',
    );
  });

  it('adds the co-holders’ bands to the tenant’s, and counts guarantors apart', async () => {
    // 1.500 + 1.500 € of holders: 33 %.
    const coHolder = await verdictOf({
      ...earning('URS005'),
      coHolders: [{ nif: 'X1234567L', salaryRangeCode: 'URS005' }],
    });
    expect(coHolder).toMatchObject({ statusCode: 'OSS002', ratio: 0.33, withCoHolder: null });
    expect(coHolder.reasons[0]).toBe(
      'El alquiler (1.000 €/mes) sería el 33 % de tus ingresos netos (3.000 €/mes).',
    );
    // 900 € of holders (111 %) with a guarantor of 3.000 € (33 %): solvent with a guarantor.
    const guarantor = await verdictOf({
      ...earning('URS003'),
      guarantors: [{ nif: '00000000T', salaryRangeCode: 'URS008' }],
    });
    expect(guarantor).toMatchObject({ statusCode: 'OSS003', ratio: 1.11, withGuarantor: null });
    expect(guarantor.reasons).toContain(
      'Tus avalistas cubren el alquiler: tu solicitud es solvente con avalista.',
    );
    expect(guarantor.withCoHolder).toMatchObject({ statusCode: 'OSS002' });
    expect(guarantor.withCoHolder?.reasons[0]).toBe(
      'Con un co-titular que aporte al menos 1.958 € netos al mes, serías solvente.',
    );
    // A guarantor who does not cover the rent leaves the holders' verdict.
    const weakGuarantor = await verdictOf({
      ...earning('URS003'),
      guarantors: [{ nif: '00000000T', salaryRangeCode: 'URS003' }],
    });
    expect(weakGuarantor).toMatchObject({ statusCode: 'OSS004', withGuarantor: { statusCode: 'OSS003' } });
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
