import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type {
  ContractSummaryDto,
  ContractViewDto,
  OwnerContractDataDto,
  TenantContractDataDto,
} from '@casaoferta/domain/schemas/contracts';
import { createAnnouncement } from '../../db/factories';
import { announcements, contractImages, contracts, householdPeople } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';
import { MAX_CONTRACT_IMAGES } from './images';
import { isValidIban } from './terms';
import { contractTestKit, ownerForm, tenantForm, type Person } from './test-support';

/**
 * Contracts up to sending to sign (issue 13, decision 022): the draft (idempotent, one alive per
 * announcement), both parties' forms, the order of the steps, cancelling, inventory photos and who may
 * touch what. Signing and the PDF: signing.test.ts.
 */
let t: TestApp;
let owner: Person;
let tenant: Person;
let stranger: Person;
let agentToken: string;
let impersonationToken: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueñas Ruiz' });
  tenant = await userWithSession(t.database.db, { name: 'Laura', surname: 'García López' });
  stranger = await userWithSession(t.database.db, { name: 'Sergio', surname: 'Extraño' });
  const agent = await agentWithSession(t.database.db, 'supervisor');
  agentToken = agent.token;
  impersonationToken = (
    await createSession(t.database.db, {
      userId: owner.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
      reason: 'Ayuda con el contrato',
    })
  ).token;
});
afterAll(() => t.close());

const kit = contractTestKit(() => t);
const { call, errorCode, dataOf, db } = kit;
const many = <T>(n: number, request: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, index) => request(index)));
const contractRow = async (id: string) => {
  const [row] = await db().select().from(contracts).where(eq(contracts.id, id));
  return row;
};

describe('POST /api/contract/draft', () => {
  it('creates the contract of the selected offer with the announcement’s conditions, then answers that one', async () => {
    const { announcement, offer } = await kit.decided(owner, tenant);
    const first = await call('POST', '/api/contract/draft', owner.token, { announcementId: announcement.id });
    expect(first.statusCode).toBe(201);
    const view = dataOf<ContractViewDto>(first);
    expect(view).toMatchObject({
      announcementId: announcement.id,
      offerId: offer.id,
      kind: 'rental',
      statusCode: 'CST000',
      role: 'owner',
      amount: 1100,
      ownerName: 'Olga Dueñas Ruiz',
      tenantName: 'Laura García López',
      nextActor: 'owner',
      nextStep: 'fill_owner',
      title: 'Piso luminoso en Madrid',
    });
    const again = await call('POST', '/api/contract/draft', owner.token, { announcementId: announcement.id });
    expect(again.statusCode).toBe(200);
    expect(dataOf<ContractViewDto>(again).id).toBe(view.id);
  });

  it('makes one contract of concurrent drafts', async () => {
    const { announcement } = await kit.decided(owner, tenant);
    const responses = await many(6, () =>
      call('POST', '/api/contract/draft', owner.token, { announcementId: announcement.id }),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => dataOf<ContractViewDto>(r).id)).size).toBe(1);
    const rows = await db().select().from(contracts).where(eq(contracts.announcementId, announcement.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an announcement without a selected candidate (409), another’s (404), a visitor (401), an agent (403)', async () => {
    const { announcement } = await kit.decided(owner, tenant);
    const live = await createAnnouncement(db(), owner.user.id, { isPaid: true });
    const body = (id: string) => ({ announcementId: id });
    const notDecided = await call('POST', '/api/contract/draft', owner.token, body(live.announcement.id));
    expect([notDecided.statusCode, errorCode(notDecided)]).toEqual([409, 'CONTRACT_NOT_DECIDED']);
    expect((await call('POST', '/api/contract/draft', tenant.token, body(announcement.id))).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/contract/draft', stranger.token, body(announcement.id))).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/contract/draft', null, body(announcement.id))).statusCode).toBe(401);
    expect((await call('POST', '/api/contract/draft', agentToken, body(announcement.id))).statusCode).toBe(
      403,
    );
    const bad = await call('POST', '/api/contract/draft', owner.token, { announcementId: 'nope' });
    expect(bad.statusCode).toBe(400);
    const rows = await db().select().from(contracts).where(eq(contracts.announcementId, announcement.id));
    expect(rows).toHaveLength(0);
  });

  it('needs the announcement paid (402 ANNOUNCEMENT_NOT_PAID, nothing written), and drafts once it is paid', async () => {
    const { announcement } = await kit.decided(owner, tenant, 'ATY002', 1100, false);
    const body = { announcementId: announcement.id };
    const refused = await call('POST', '/api/contract/draft', owner.token, body);
    expect([refused.statusCode, errorCode(refused)]).toEqual([402, 'ANNOUNCEMENT_NOT_PAID']);
    expect(refused.body).not.toContain('García');
    expect(refused.body).not.toContain('1100');
    // Concurrent attempts while unpaid: none writes a contract.
    const many402 = await many(4, () => call('POST', '/api/contract/draft', owner.token, body));
    expect(many402.map((r) => r.statusCode)).toEqual([402, 402, 402, 402]);
    expect(await db().select().from(contracts).where(eq(contracts.announcementId, announcement.id))).toEqual(
      [],
    );

    // The owner pays through the sandbox (the approving test card); then the same call drafts.
    const paid = await call('POST', `/api/announcement/${announcement.id}/payment`, owner.token, {
      id: randomUUID(),
      token: 'tok_sandbox_approve_4242',
    });
    expect([paid.statusCode, dataOf<{ statusCode: string }>(paid).statusCode]).toEqual([200, 'PAY002']);
    const drafted = await call('POST', '/api/contract/draft', owner.token, body);
    expect(drafted.statusCode).toBe(201);
    expect(dataOf<ContractViewDto>(drafted)).toMatchObject({
      amount: 1100,
      tenantName: 'Laura García López',
    });
  });

  it('keeps a contract of an unpaid announcement (drafted before the rule) from its owner: 402 on every route, left out of the list', async () => {
    const { id, announcement } = await kit.drafted(owner, tenant);
    await db().update(announcements).set({ isPaid: false }).where(eq(announcements.id, announcement.id));
    for (const [method, path] of [
      ['GET', 'contractor'],
      ['GET', 'owner'],
      ['GET', 'tenant'],
      ['GET', 'preload-images'],
      ['GET', 'download'],
      ['PUT', 'owner-send'],
      ['PUT', 'owner-cancel'],
      ['POST', 'send-sign'],
      ['POST', 'owner/sign-code'],
    ] as const) {
      const response = await call(method, `/api/contract/${id}/${path}`, owner.token);
      expect([path, response.statusCode, errorCode(response)]).toEqual([path, 402, 'ANNOUNCEMENT_NOT_PAID']);
    }
    const [photo] = await db()
      .insert(contractImages)
      .values({
        contractId: id,
        uploadedBy: owner.user.id,
        storageKey: `legacy/${id}`,
        width: 640,
        height: 480,
        byteSize: 1000,
      })
      .returning({ id: contractImages.id });
    const image = await call('GET', `/api/contract/${id}/images/${photo?.id ?? ''}`, owner.token);
    expect([image.statusCode, errorCode(image)]).toEqual([402, 'ANNOUNCEMENT_NOT_PAID']);
    const again = await call('POST', '/api/contract/draft', owner.token, { announcementId: announcement.id });
    expect([again.statusCode, errorCode(again)]).toEqual([402, 'ANNOUNCEMENT_NOT_PAID']);
    const list = dataOf<{ items: ContractSummaryDto[] }>(await call('GET', '/api/contracts', owner.token));
    expect(list.items.map((item) => item.id)).not.toContain(id);
    // The tenant's side is theirs: they still read it (and may cancel it).
    expect((await call('GET', `/api/contract/${id}/contractor`, tenant.token)).statusCode).toBe(200);
    const tenantList = dataOf<{ items: ContractSummaryDto[] }>(
      await call('GET', '/api/contracts', tenant.token),
    );
    expect(tenantList.items.map((item) => item.id)).toContain(id);
  });
});

describe('GET /api/contracts and /api/contract/:id/contractor', () => {
  it('lists mine as owner and as tenant, and shows a contract to its two parties only', async () => {
    const { id } = await kit.drafted(owner, tenant);
    const mine = dataOf<{ items: ContractSummaryDto[] }>(await call('GET', '/api/contracts', owner.token));
    expect(mine.items.find((item) => item.id === id)).toMatchObject({
      role: 'owner',
      counterpartName: 'Laura García López',
      statusCode: 'CST000',
    });
    const theirs = dataOf<{ items: ContractSummaryDto[] }>(await call('GET', '/api/contracts', tenant.token));
    expect(theirs.items.find((item) => item.id === id)).toMatchObject({
      role: 'tenant',
      counterpartName: 'Olga Dueñas Ruiz',
    });
    const others = dataOf<{ items: ContractSummaryDto[] }>(
      await call('GET', '/api/contracts', stranger.token),
    );
    expect(others.items.some((item) => item.id === id)).toBe(false);

    const asTenant = await call('GET', `/api/contract/${id}/contractor`, tenant.token);
    expect(dataOf<ContractViewDto>(asTenant)).toMatchObject({ id, role: 'tenant', nextActor: 'owner' });
    expect((await call('GET', `/api/contract/${id}/contractor`, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/contract/${id}/contractor`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/contract/${id}/contractor`, agentToken)).statusCode).toBe(403);
    expect((await call('GET', `/api/contract/${id}/contractor`, impersonationToken)).statusCode).toBe(200);
    for (const path of ['owner', 'tenant', 'preload-images', 'download']) {
      expect((await call('GET', `/api/contract/${id}/${path}`, stranger.token)).statusCode).toBe(404);
    }
  });
});

describe('the parties’ forms', () => {
  it('prefills from the account, the tenant profile and the announcement', async () => {
    await db().insert(householdPeople).values({
      id: randomUUID(),
      tenantId: tenant.user.id,
      role: 'tenant',
      nif: '00000000T',
    });
    const { id } = await kit.drafted(owner, tenant);
    const ownerData = dataOf<OwnerContractDataDto>(
      await call('GET', `/api/contract/${id}/owner`, tenant.token),
    );
    expect(ownerData).toMatchObject({
      saved: false,
      party: { name: 'Olga', surname: 'Dueñas Ruiz', nif: '', address: '', phone: owner.user.phoneNumber },
      sale: null,
      rental: { durationMonths: 12, depositMonths: 1, guaranteeMonths: 0, paymentTypeCode: 'CPT001' },
    });
    const tenantData = dataOf<TenantContractDataDto>(
      await call('GET', `/api/contract/${id}/tenant`, owner.token),
    );
    expect(tenantData).toMatchObject({ saved: false, party: { name: 'Laura', nif: '00000000T' } });
  });

  it('checks and normalises the owner’s data and terms; each party fills only their own', async () => {
    const { id } = await kit.drafted(owner, tenant);
    const put = (form: object, token = owner.token) => call('PUT', `/api/contract/${id}/owner`, token, form);
    const cases: [object, number, string][] = [
      [ownerForm({ party: { ...ownerForm().party, nif: '12345678A' } }), 422, 'NIF_INVALID'],
      [ownerForm({ party: { ...ownerForm().party, phone: '123456789' } }), 400, 'INVALID_PHONE'],
      // Issue 22: a party's name is written as a name (no web address, no digits).
      [ownerForm({ party: { ...ownerForm().party, name: 'Entra en evil.example' } }), 422, 'NAME_INVALID'],
      [ownerForm({ party: { ...ownerForm().party, surname: 'Dueñas 12' } }), 422, 'NAME_INVALID'],
      [
        ownerForm({ rental: { ...ownerFormRental(), iban: 'ES00 2100 0418 4502 0005 1332' } }),
        422,
        'IBAN_INVALID',
      ],
      [ownerForm({ rental: { ...ownerFormRental(), iban: null } }), 422, 'IBAN_REQUIRED'],
      [ownerForm({ rental: { ...ownerFormRental(), paymentTypeCode: 'CPT999' } }), 422, 'UNKNOWN_OPTION'],
      [ownerForm({ rental: { ...ownerFormRental(), conditionCodes: ['CCO999'] } }), 422, 'UNKNOWN_OPTION'],
      [ownerForm({ rental: null }), 400, 'CONTRACT_TERMS_REQUIRED'],
      [{ party: {} }, 400, 'INVALID_INPUT'],
    ];
    for (const [form, status, code] of cases) {
      const response = await put(form);
      expect([response.statusCode, errorCode(response)], JSON.stringify(form)).toEqual([status, code]);
    }
    expect((await contractRow(id))?.ownerData).toBeNull();
    const byTenant = await put(ownerForm(), tenant.token);
    expect([byTenant.statusCode, errorCode(byTenant)]).toEqual([403, 'CONTRACT_NOT_YOUR_PART']);
    const byOwner = await call('PUT', `/api/contract/${id}/tenant`, owner.token, tenantForm());
    expect([byOwner.statusCode, errorCode(byOwner)]).toEqual([403, 'CONTRACT_NOT_YOUR_PART']);

    const saved = await put(ownerForm());
    expect(saved.statusCode).toBe(200);
    expect(dataOf<OwnerContractDataDto>(saved)).toMatchObject({
      saved: true,
      party: { nif: '12345678Z', phone: '+34612345678' },
      rental: { iban: 'ES9121000418450200051332' },
    });
    // An agent acting as the owner may fill the form.
    expect((await put(ownerForm(), impersonationToken)).statusCode).toBe(200);
    expect(isValidIban('ES9121000418450200051332')).toBe(true);
  });

  it('checks a sale’s arras and deed deadline', async () => {
    const { id } = await kit.drafted(owner, tenant, 'ATY003', 230_000);
    const sale = { arrasAmount: 23_000, deedDeadline: '2031-06-30', iban: null, conditionCodes: [] };
    const put = (form: object) => call('PUT', `/api/contract/${id}/owner`, owner.token, form);
    const over = await put(ownerForm({ rental: null, sale: { ...sale, arrasAmount: 230_000 } }));
    expect([over.statusCode, errorCode(over)]).toEqual([422, 'ARRAS_OVER_PRICE']);
    const past = await put(ownerForm({ rental: null, sale: { ...sale, deedDeadline: '2020-01-01' } }));
    expect([past.statusCode, errorCode(past)]).toEqual([422, 'DEED_DEADLINE_PAST']);
    const ok = await put(ownerForm({ rental: null, sale }));
    expect(ok.statusCode).toBe(200);
    expect(
      dataOf<ContractViewDto>(await call('GET', `/api/contract/${id}/contractor`, owner.token)).kind,
    ).toBe('sale');
  });
});

const ownerFormRental = () => {
  const rental = ownerForm().rental;
  if (!rental) throw new Error('no rental');
  return rental;
};

describe('sending: the order of the steps', () => {
  it('goes owner → tenant, freezes each party’s data once sent, tells the other party at each step', async () => {
    const { id } = await kit.drafted(owner, tenant);
    const step = (path: string, token: string, payload?: object) =>
      call('PUT', `/api/contract/${id}/${path}`, token, payload);

    const missing = await step('owner-send', owner.token);
    expect([missing.statusCode, errorCode(missing)]).toEqual([409, 'CONTRACT_DATA_MISSING']);
    // The tenant may save before the owner sends, not send.
    expect((await step('tenant', tenant.token, tenantForm())).statusCode).toBe(200);
    const early = await step('tenant-send', tenant.token);
    expect([early.statusCode, errorCode(early)]).toEqual([409, 'CONTRACT_INVALID_STATE']);
    const earlySign = await call('POST', `/api/contract/${id}/send-sign`, owner.token);
    expect([earlySign.statusCode, errorCode(earlySign)]).toEqual([409, 'CONTRACT_INVALID_STATE']);
    expect((await step('owner-send', tenant.token)).statusCode).toBe(403);

    expect((await step('owner', owner.token, ownerForm())).statusCode).toBe(200);
    const sent = await step('owner-send', owner.token);
    expect(dataOf<ContractViewDto>(sent)).toMatchObject({
      statusCode: 'CST001',
      nextActor: 'tenant',
      nextStep: 'fill_tenant',
    });
    expect(dataOf<ContractViewDto>(sent).ownerSentAt).not.toBeNull();
    const frozen = await step('owner', owner.token, ownerForm());
    expect([frozen.statusCode, errorCode(frozen)]).toEqual([409, 'CONTRACT_DATA_SENT']);
    const twice = await step('owner-send', owner.token);
    expect([twice.statusCode, errorCode(twice)]).toEqual([409, 'CONTRACT_INVALID_STATE']);
    const told = await kit.messagesTo(tenant);
    expect(
      told.some((m) => m.subject === 'Completa tus datos del contrato' && m.body.includes(`/contract/${id}`)),
    ).toBe(true);

    expect((await step('tenant', tenant.token, tenantForm({ name: 'Laura María' }))).statusCode).toBe(200);
    const tenantSent = await step('tenant-send', tenant.token);
    expect(dataOf<ContractViewDto>(tenantSent)).toMatchObject({
      statusCode: 'CST002',
      nextActor: 'owner',
      nextStep: 'send_to_sign',
      tenantName: 'Laura María García López',
    });
    const tenantFrozen = await step('tenant', tenant.token, tenantForm());
    expect([tenantFrozen.statusCode, errorCode(tenantFrozen)]).toEqual([409, 'CONTRACT_DATA_SENT']);
    const ownerTold = await kit.messagesTo(owner);
    expect(ownerTold.some((m) => m.subject === 'El contrato está listo para enviar a firma')).toBe(true);
  });

  it('lets one of concurrent sends through', async () => {
    const { id } = await kit.drafted(owner, tenant);
    expect((await call('PUT', `/api/contract/${id}/owner`, owner.token, ownerForm())).statusCode).toBe(200);
    const responses = await many(5, () => call('PUT', `/api/contract/${id}/owner-send`, owner.token));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    // One message for the one send that went through, on the tenant's one channel (WhatsApp by default).
    const told = (await kit.messagesTo(tenant)).filter((m) => m.body.includes(`/contract/${id}`));
    expect(told).toHaveLength(1);
  });
});

describe('cancelling', () => {
  it('cancels before signing, tells the other party, and lets the owner draft again', async () => {
    const { id, announcement } = await kit.drafted(owner, tenant);
    const byOwner = await call('PUT', `/api/contract/${id}/tenant-cancel`, owner.token);
    expect(byOwner.statusCode).toBe(403);
    const cancelled = await call('PUT', `/api/contract/${id}/tenant-cancel`, tenant.token);
    expect(dataOf<ContractViewDto>(cancelled)).toMatchObject({
      statusCode: 'CST005',
      cancelledBy: 'tenant',
      nextActor: null,
      nextStep: 'cancelled',
    });
    expect((await kit.messagesTo(owner)).some((m) => m.subject === 'Contrato cancelado')).toBe(true);
    const again = await call('PUT', `/api/contract/${id}/owner-cancel`, owner.token);
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'CONTRACT_INVALID_STATE']);
    const edit = await call('PUT', `/api/contract/${id}/owner`, owner.token, ownerForm());
    expect(edit.statusCode).toBe(409);
    const redraft = await call('POST', '/api/contract/draft', owner.token, {
      announcementId: announcement.id,
    });
    expect(redraft.statusCode).toBe(201);
    expect(dataOf<ContractViewDto>(redraft).id).not.toBe(id);
  });

  it('cancels from CST002 too, once of concurrent cancels', async () => {
    const { id } = await kit.bothSent(owner, tenant);
    const responses = await many(4, (i) =>
      call(
        'PUT',
        `/api/contract/${id}/${i % 2 ? 'owner' : 'tenant'}-cancel`,
        i % 2 ? owner.token : tenant.token,
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });
});

describe('inventory photos', () => {
  const png = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#a73' } })
      .png()
      .toBuffer();
  const upload = async (id: string, token: string, bytes: Buffer, type = 'image/png') => {
    const body = await multipart({}, { name: 'salon.png', type, bytes });
    return t.app.inject({
      method: 'POST',
      url: `/api/contract/${id}/images`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };

  it('lets either party add, list, fetch and delete photos, privately', async () => {
    const { id } = await kit.drafted(owner, tenant);
    const added = await upload(id, tenant.token, await png());
    expect(added.statusCode).toBe(201);
    const image = dataOf<{ id: string; uploadedBy: string; width: number }>(added);
    expect(image).toMatchObject({ uploadedBy: 'tenant', width: 64 });
    const list = dataOf<{ items: { id: string }[] }>(
      await call('GET', `/api/contract/${id}/preload-images`, owner.token),
    );
    expect(list.items.map((item) => item.id)).toEqual([image.id]);
    const bytes = await call('GET', `/api/contract/${id}/images/${image.id}`, owner.token);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    expect(bytes.headers['cache-control']).toContain('private');
    expect(bytes.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect((await call('GET', `/api/contract/${id}/images/${image.id}`, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await upload(id, stranger.token, await png())).statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/contract/${id}/preload-image/${image.id}`, stranger.token)).statusCode,
    ).toBe(404);
    const view = dataOf<ContractViewDto>(await call('GET', `/api/contract/${id}/contractor`, owner.token));
    expect(view.imagesCount).toBe(1);
    expect(
      (await call('DELETE', `/api/contract/${id}/preload-image/${image.id}`, owner.token)).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/contract/${id}/images/${image.id}`, owner.token)).statusCode).toBe(404);
  });

  it('refuses what is not an image, past 30 photos, and once sent to sign', async () => {
    const { id } = await kit.drafted(owner, tenant);
    const text = await upload(id, owner.token, Buffer.from('no soy una foto'), 'image/png');
    expect([text.statusCode, errorCode(text)]).toEqual([415, 'IMAGE_INVALID']);
    await db()
      .insert(contractImages)
      .values(
        Array.from({ length: MAX_CONTRACT_IMAGES }, (_, i) => ({
          contractId: id,
          uploadedBy: owner.user.id,
          storageKey: `test/${id}/${i}`,
          width: 10,
          height: 10,
          byteSize: 10,
        })),
      );
    const full = await upload(id, owner.token, await png());
    expect([full.statusCode, errorCode(full)]).toEqual([422, 'CONTRACT_TOO_MANY_IMAGES']);

    const sent = await kit.sentToSign(owner, tenant);
    const late = await upload(sent.id, owner.token, await png());
    expect([late.statusCode, errorCode(late)]).toEqual([409, 'CONTRACT_INVALID_STATE']);
  });

  it('keeps the cap under concurrent uploads', async () => {
    const { id } = await kit.drafted(owner, tenant);
    await db()
      .insert(contractImages)
      .values(
        Array.from({ length: MAX_CONTRACT_IMAGES - 1 }, (_, i) => ({
          contractId: id,
          uploadedBy: owner.user.id,
          storageKey: `test/${id}/${i}`,
          width: 10,
          height: 10,
          byteSize: 10,
        })),
      );
    const bytes = await png();
    const responses = await many(3, () => upload(id, owner.token, bytes));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    const rows = await db().select().from(contractImages).where(eq(contractImages.contractId, id));
    expect(rows).toHaveLength(MAX_CONTRACT_IMAGES);
  });
});
