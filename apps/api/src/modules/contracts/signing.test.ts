import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import type { ContractViewDto } from '@casaoferta/domain/schemas/contracts';
import {
  announcements,
  contractDocuments,
  contractSignCodes,
  contracts,
  offers,
  outbox,
} from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { createTestApp, testConfig, type TestApp } from '../../test/helpers';
import { agentWithSession, bearer, lastCode, testSecretKeys, userWithSession } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';
import { contractPdf, type ContractPdf } from './pdf';
import { signContract } from './signing';
import { contractTestKit, ownerForm, tenantForm, type Person } from './test-support';

/**
 * Signing (issue 13, decision 022): send-sign renders the PDF, each party asks an SMS code and signs
 * with their typed name; the second signature seals the PDF (verified here by poppler's pdfsig, an
 * independent verifier), marks the contract signed and the announcement closed, once even when both
 * sign at once.
 */
let t: TestApp;
let owner: Person;
let tenant: Person;
let stranger: Person;
let impersonationToken: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueñas Ruiz' });
  tenant = await userWithSession(t.database.db, { name: 'Laura', surname: 'García López' });
  stranger = await userWithSession(t.database.db, { name: 'Sergio', surname: 'Extraño' });
  const agent = await agentWithSession(t.database.db, 'supervisor');
  impersonationToken = (
    await createSession(t.database.db, {
      userId: tenant.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
      reason: 'Ayuda con la firma',
    })
  ).token;
}, 60_000);
afterAll(() => t.close());

const kit = contractTestKit(() => t);
const { call, errorCode, dataOf, db } = kit;
const phoneOf = (person: Person) => person.user.phoneNumber ?? '';
const owners = { fullName: 'olga DUEÑAS ruiz', party: 'owner' as const };
const tenants = { fullName: 'Laura Garcia Lopez', party: 'tenant' as const };

/** Asks a code for `party` and signs with it. */
async function sign(id: string, person: Person, who: { fullName: string; party: 'owner' | 'tenant' }) {
  const sent = await call('POST', `/api/contract/${id}/${who.party}/sign-code`, person.token);
  if (sent.statusCode !== 200) throw new Error(`sign-code: ${sent.body}`);
  const code = await lastCode(db(), phoneOf(person));
  return call('POST', `/api/contract/${id}/${who.party}/sign`, person.token, {
    fullName: who.fullName,
    code,
  });
}

const pdfsig = (bytes: Buffer) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrato-'));
  const file = path.join(dir, 'contrato.pdf');
  fs.writeFileSync(file, bytes);
  const result = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  return `${result.stdout}${result.stderr}`;
};

describe('POST /api/contract/:id/send-sign', () => {
  it('renders the PDF from both parties’ data and photos, stores its SHA-256 and tells both to sign', async () => {
    const { id } = await kit.drafted(owner, tenant);
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#37a' } })
      .png()
      .toBuffer();
    const body = await multipart({}, { name: 'cocina.png', type: 'image/png', bytes: photo });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/contract/${id}/images`,
      headers: { ...bearer(owner.token), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const before = await call('GET', `/api/contract/${id}/download`, owner.token);
    expect([before.statusCode, errorCode(before)]).toEqual([409, 'CONTRACT_INVALID_STATE']);
    await call('PUT', `/api/contract/${id}/owner`, owner.token, ownerForm());
    await call('PUT', `/api/contract/${id}/owner-send`, owner.token);
    await call('PUT', `/api/contract/${id}/tenant`, tenant.token, tenantForm());
    await call('PUT', `/api/contract/${id}/tenant-send`, tenant.token);

    const byTenant = await call('POST', `/api/contract/${id}/send-sign`, tenant.token);
    expect([byTenant.statusCode, errorCode(byTenant)]).toEqual([403, 'CONTRACT_NOT_YOUR_PART']);
    const sent = await call('POST', `/api/contract/${id}/send-sign`, owner.token);
    expect(sent.statusCode).toBe(200);
    const view = dataOf<ContractViewDto>(sent);
    expect(view).toMatchObject({ statusCode: 'CST003', nextActor: 'both', nextStep: 'sign' });
    expect(view.documentSha256).toMatch(/^[0-9a-f]{64}$/);

    const download = await call('GET', `/api/contract/${id}/download`, tenant.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="contrato-[A-Za-z0-9-]+\.pdf"/,
    );
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [document] = await db()
      .select()
      .from(contractDocuments)
      .where(eq(contractDocuments.contractId, id));
    expect(document?.unsignedSha256).toBe(view.documentSha256);
    expect(pdfsig(download.rawPayload)).toMatch(/does not contain any signatures/i);

    for (const person of [owner, tenant]) {
      const told = await kit.messagesTo(person);
      expect(
        told.some((m) => m.subject === 'Tu contrato está listo para firmar' && m.body.includes(id)),
      ).toBe(true);
    }
    const again = await call('POST', `/api/contract/${id}/send-sign`, owner.token);
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'CONTRACT_INVALID_STATE']);
    const photos = await call(
      'DELETE',
      `/api/contract/${id}/preload-image/${dataOf<{ id: string }>(uploaded).id}`,
      owner.token,
    );
    expect(photos.statusCode).toBe(409);
  });

  it('renders a sale (arras, mortgage) too', async () => {
    const { id, announcement } = await kit.drafted(owner, tenant, 'ATY003', 230_000);
    await db()
      .update(offers)
      .set({ paymentType: 'OPT001', mortgageAmount: 150_000 })
      .where(eq(offers.announcementId, announcement.id));
    const sale = { arrasAmount: 23_000, deedDeadline: '2031-06-30', iban: null, conditionCodes: [] };
    const steps: [string, string, object?][] = [
      ['owner', owner.token, ownerForm({ rental: null, sale })],
      ['owner-send', owner.token],
      ['tenant', tenant.token, tenantForm()],
      ['tenant-send', tenant.token],
    ];
    for (const [step, token, payload] of steps) {
      expect((await call('PUT', `/api/contract/${id}/${step}`, token, payload)).statusCode, step).toBe(200);
    }
    const sent = await call('POST', `/api/contract/${id}/send-sign`, owner.token);
    expect(dataOf<ContractViewDto>(sent)).toMatchObject({ kind: 'sale', statusCode: 'CST003' });
    const download = await call('GET', `/api/contract/${id}/download`, owner.token);
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('lets one of concurrent send-signs through', async () => {
    const { id } = await kit.bothSent(owner, tenant);
    const responses = await Promise.all(
      Array.from({ length: 3 }, () => call('POST', `/api/contract/${id}/send-sign`, owner.token)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await db().select().from(contractDocuments).where(eq(contractDocuments.contractId, id));
    expect(rows).toHaveLength(1);
  });
});

/** New parties with the names on the forms (sign-code is rate limited per account and hour). */
async function freshParties() {
  return {
    owner: await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueñas Ruiz' }),
    tenant: await userWithSession(t.database.db, { name: 'Laura', surname: 'García López' }),
  };
}

describe('signing', () => {
  it('signs with name and SMS code; the second signature seals a PDF pdfsig verifies, and closes the announcement', async () => {
    const { id, announcement } = await kit.sentToSign(owner, tenant);

    const asAgent = await call('POST', `/api/contract/${id}/tenant/sign-code`, impersonationToken);
    expect(asAgent.statusCode).toBe(403);
    const asAgentSign = await call('POST', `/api/contract/${id}/tenant/sign`, impersonationToken, {
      fullName: tenants.fullName,
      code: '123456',
    });
    expect(asAgentSign.statusCode).toBe(403);
    expect((await call('POST', `/api/contract/${id}/owner/sign-code`, tenant.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/contract/${id}/tenant/sign-code`, stranger.token)).statusCode).toBe(404);

    const codeSent = await call('POST', `/api/contract/${id}/owner/sign-code`, owner.token);
    expect(codeSent.statusCode).toBe(200);
    expect(dataOf<{ sentTo: string }>(codeSent).sentTo).toBe(`••• ••• ${phoneOf(owner).slice(-3)}`);
    const code = await lastCode(db(), phoneOf(owner));
    const [stored] = await db()
      .select()
      .from(contractSignCodes)
      .where(and(eq(contractSignCodes.contractId, id), eq(contractSignCodes.party, 'owner')));
    expect(stored?.codeHash).not.toContain(code);

    const wrongName = await call('POST', `/api/contract/${id}/owner/sign`, owner.token, {
      fullName: 'Olga Otra Persona',
      code,
    });
    expect([wrongName.statusCode, errorCode(wrongName)]).toEqual([422, 'CONTRACT_NAME_MISMATCH']);
    const wrongCode = await call('POST', `/api/contract/${id}/owner/sign`, owner.token, {
      fullName: owners.fullName,
      code: code === '000000' ? '111111' : '000000',
    });
    expect([wrongCode.statusCode, errorCode(wrongCode)]).toEqual([422, 'CONTRACT_SIGN_CODE_INVALID']);
    const signed = await call('POST', `/api/contract/${id}/owner/sign`, owner.token, {
      fullName: owners.fullName,
      code,
    });
    expect(signed.statusCode).toBe(200);
    expect(dataOf<ContractViewDto>(signed)).toMatchObject({
      statusCode: 'CST003',
      nextActor: 'tenant',
      ownerSignature: { fullName: 'Olga Dueñas Ruiz' },
      tenantSignature: null,
    });
    const reused = await call('POST', `/api/contract/${id}/owner/sign`, owner.token, {
      fullName: owners.fullName,
      code,
    });
    expect([reused.statusCode, errorCode(reused)]).toEqual([409, 'CONTRACT_ALREADY_SIGNED']);

    const last = await sign(id, tenant, tenants);
    expect(last.statusCode).toBe(200);
    const done = dataOf<ContractViewDto>(last);
    expect(done).toMatchObject({ statusCode: 'CST004', nextActor: null, nextStep: 'done' });
    expect(done.signedAt).not.toBeNull();
    const [closed] = await db().select().from(announcements).where(eq(announcements.id, announcement.id));
    expect(closed?.statusCode).toBe('AST008');
    for (const person of [owner, tenant]) {
      const told = await kit.messagesTo(person);
      const notices = told.filter(
        (m) => m.subject === 'Contrato firmado' && m.body.includes(`/contract/${id}`),
      );
      // One message per event and person (issue 23): WhatsApp, the default settings' first channel.
      expect(notices.map((m) => m.channel)).toEqual(['whatsapp']);
    }

    const ownerCopy = await call('GET', `/api/contract/${id}/download`, owner.token);
    const tenantCopy = await call('GET', `/api/contract/${id}/download`, tenant.token);
    expect(ownerCopy.statusCode).toBe(200);
    expect(ownerCopy.rawPayload.equals(tenantCopy.rawPayload)).toBe(true);
    expect(ownerCopy.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const verified = pdfsig(ownerCopy.rawPayload);
    // pdfsig (poppler) names an untouched, wholly signed document so; older versions also print
    // "Document has not been modified".
    expect(verified).toContain('Signature Validation: Signature is Valid.');
    expect(verified).toContain('Total document signed');

    // One byte changed inside the signed range: the signature no longer verifies.
    const altered = Buffer.from(ownerCopy.rawPayload);
    const at = altered.indexOf('Casaoferta', 200, 'latin1');
    expect(at).toBeGreaterThan(0);
    altered[at] = 'K'.charCodeAt(0);
    const tampered = pdfsig(altered);
    expect(tampered).not.toContain('Signature is Valid');
    expect(pdfsig(Buffer.from(ownerCopy.rawPayload))).toContain('Signature is Valid');

    // A signed contract is final: no edits, no cancelling, no photos, no new codes.
    const refusals = await Promise.all([
      call('PUT', `/api/contract/${id}/tenant`, tenant.token, tenantForm()),
      call('PUT', `/api/contract/${id}/owner-cancel`, owner.token),
      call('PUT', `/api/contract/${id}/tenant-cancel`, tenant.token),
      call('POST', `/api/contract/${id}/tenant/sign-code`, tenant.token),
    ]);
    expect(refusals.map((r) => [r.statusCode, errorCode(r)])).toEqual([
      [409, 'CONTRACT_SIGNED'],
      [409, 'CONTRACT_SIGNED'],
      [409, 'CONTRACT_SIGNED'],
      [409, 'CONTRACT_SIGNED'],
    ]);
  });

  it('refuses an expired code, and any code after five wrong attempts', async () => {
    const { id } = await kit.sentToSign(owner, tenant);
    expect((await call('POST', `/api/contract/${id}/tenant/sign-code`, tenant.token)).statusCode).toBe(200);
    const code = await lastCode(db(), phoneOf(tenant));
    await db()
      .update(contractSignCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(contractSignCodes.contractId, id));
    const expired = await call('POST', `/api/contract/${id}/tenant/sign`, tenant.token, {
      fullName: tenants.fullName,
      code,
    });
    expect([expired.statusCode, errorCode(expired)]).toEqual([422, 'CONTRACT_SIGN_CODE_EXPIRED']);

    expect((await call('POST', `/api/contract/${id}/tenant/sign-code`, tenant.token)).statusCode).toBe(200);
    const fresh = await lastCode(db(), phoneOf(tenant));
    const wrong = fresh === '000000' ? '111111' : '000000';
    const attempts = [];
    for (let i = 0; i < 5; i++) {
      const response = await call('POST', `/api/contract/${id}/tenant/sign`, tenant.token, {
        fullName: tenants.fullName,
        code: wrong,
      });
      attempts.push(errorCode(response));
    }
    expect(attempts).toEqual([
      'CONTRACT_SIGN_CODE_INVALID',
      'CONTRACT_SIGN_CODE_INVALID',
      'CONTRACT_SIGN_CODE_INVALID',
      'CONTRACT_SIGN_CODE_INVALID',
      'CONTRACT_SIGN_CODE_TOO_MANY_ATTEMPTS',
    ]);
    const right = await call('POST', `/api/contract/${id}/tenant/sign`, tenant.token, {
      fullName: tenants.fullName,
      code: fresh,
    });
    expect([right.statusCode, errorCode(right)]).toEqual([422, 'CONTRACT_SIGN_CODE_TOO_MANY_ATTEMPTS']);
    const [row] = await db().select().from(contracts).where(eq(contracts.id, id));
    expect(row?.tenantSignature).toBeNull();
  });

  it('limits codes to five an hour per party', async () => {
    const { id } = await kit.sentToSign(owner, tenant);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const response = await call('POST', `/api/contract/${id}/owner/sign-code`, owner.token);
      statuses.push(response.statusCode === 200 ? 200 : errorCode(response));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 'CONTRACT_SIGN_CODE_TOO_MANY_SENDS']);
  });

  it('seals once when both parties sign at once', async () => {
    const { id } = await kit.sentToSign(owner, tenant);
    const codes: Record<string, string> = {};
    for (const [person, party] of [
      [owner, 'owner'],
      [tenant, 'tenant'],
    ] as const) {
      expect((await call('POST', `/api/contract/${id}/${party}/sign-code`, person.token)).statusCode).toBe(
        200,
      );
      codes[party] = await lastCode(db(), phoneOf(person));
    }
    const [a, b] = await Promise.all([
      call('POST', `/api/contract/${id}/owner/sign`, owner.token, {
        fullName: owners.fullName,
        code: codes.owner,
      }),
      call('POST', `/api/contract/${id}/tenant/sign`, tenant.token, {
        fullName: tenants.fullName,
        code: codes.tenant,
      }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    const [row] = await db().select().from(contracts).where(eq(contracts.id, id));
    expect(row?.statusCode).toBe('CST004');
    const notices = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.subject, 'Contrato firmado'), like(outbox.body, `%/contract/${id}%`)));
    // Each party once, on one channel (issue 23: WhatsApp by default).
    expect(notices.map((m) => [m.recipient, m.channel]).sort()).toEqual(
      [
        [phoneOf(owner), 'whatsapp'],
        [phoneOf(tenant), 'whatsapp'],
      ].sort(),
    );
    const download = await call('GET', `/api/contract/${id}/download`, tenant.token);
    expect(pdfsig(download.rawPayload)).toContain('Signature is Valid');
  });

  it('tells only the other party, on the one channel their settings choose, when the first one signs', async () => {
    const smsOnly = await userWithSession(t.database.db, {
      name: 'Laura',
      surname: 'García López',
      notificationSettings: {
        offers: { email: false, sms: false, whatsapp: false },
        visits: { email: false, sms: false, whatsapp: false },
        announcements: { email: false, sms: false, whatsapp: false },
        contracts: { email: false, sms: true, whatsapp: false },
        news: { email: false, sms: false, whatsapp: false },
      },
    });
    const parties = await freshParties();
    for (const other of [parties.tenant, smsOnly]) {
      const { id } = await kit.sentToSign(parties.owner, other);
      const signed = await sign(id, parties.owner, owners);
      expect(signed.statusCode).toBe(200);
      const toOther = (await kit.messagesTo(other)).filter((m) => m.body.includes(`/contract/${id}`));
      const notices = toOther.filter((m) => m.subject === 'Te falta firmar el contrato');
      expect(notices.map((m) => m.channel).sort()).toEqual(other === parties.tenant ? ['whatsapp'] : ['sms']);
      expect(notices[0]?.body).toMatch(
        new RegExp(`^Olga ha firmado el contrato de «.+»\\. Te falta firmar a ti: \\S+/contract/${id}$`),
      );
      const toSigner = (await kit.messagesTo(parties.owner)).filter(
        (m) => m.body.includes(`/contract/${id}`) && m.subject === 'Te falta firmar el contrato',
      );
      expect(toSigner).toEqual([]);
    }
  });

  it('lets one of concurrent signatures with the same code through, and tells the other party once', async () => {
    const { owner, tenant } = await freshParties();
    const { id } = await kit.sentToSign(owner, tenant);
    expect((await call('POST', `/api/contract/${id}/owner/sign-code`, owner.token)).statusCode).toBe(200);
    const code = await lastCode(db(), phoneOf(owner));
    const responses = await Promise.all(
      Array.from({ length: 3 }, () =>
        call('POST', `/api/contract/${id}/owner/sign`, owner.token, { fullName: owners.fullName, code }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 200)) {
      expect(['CONTRACT_ALREADY_SIGNED', 'CONTRACT_SIGN_CODE_EXPIRED']).toContain(errorCode(r));
    }
    const notices = (await kit.messagesTo(tenant)).filter(
      (m) => m.subject === 'Te falta firmar el contrato' && m.body.includes(`/contract/${id}`),
    );
    expect(notices.map((m) => m.channel)).toEqual(['whatsapp']);
  });

  it('leaves the code usable when the seal fails at the second signature, and signs on a retry', async () => {
    const { owner, tenant } = await freshParties();
    const { id, announcement } = await kit.sentToSign(owner, tenant);
    expect((await sign(id, owner, owners)).statusCode).toBe(200);
    expect((await call('POST', `/api/contract/${id}/tenant/sign-code`, tenant.token)).statusCode).toBe(200);
    const code = await lastCode(db(), phoneOf(tenant));

    const real = contractPdf(testConfig());
    let failures = 0;
    const failingOnce: ContractPdf = {
      render: (data) => real.render(data),
      seal: async (input) => {
        if (failures === 0) {
          failures += 1;
          throw new Error('the PDF could not be sealed');
        }
        return real.seal(input);
      },
    };
    const input = {
      userId: tenant.user.id,
      contractId: id,
      party: 'tenant' as const,
      fullName: tenants.fullName,
      code,
      ip: '203.0.113.7',
      origin: 'http://localhost',
      keys: await testSecretKeys(),
    };
    await expect(signContract(db(), failingOnce, input)).rejects.toThrow('the PDF could not be sealed');
    expect(failures).toBe(1);
    const [after] = await db().select().from(contracts).where(eq(contracts.id, id));
    expect(after?.statusCode).toBe('CST003');
    expect(after?.tenantSignature).toBeNull();
    expect(after?.ownerSignature).not.toBeNull();
    const [codeRow] = await db()
      .select()
      .from(contractSignCodes)
      .where(and(eq(contractSignCodes.contractId, id), eq(contractSignCodes.party, 'tenant')));
    // The attempt stays counted; the code's use was rolled back with the signature.
    expect(codeRow?.usedAt).toBeNull();
    expect(codeRow?.attempts).toBe(1);
    const [open] = await db().select().from(announcements).where(eq(announcements.id, announcement.id));
    expect(open?.statusCode).toBe('AST004');
    const sealedNotices = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.subject, 'Contrato firmado'), like(outbox.body, `%/contract/${id}%`)));
    expect(sealedNotices).toEqual([]);

    const retry = await call('POST', `/api/contract/${id}/tenant/sign`, tenant.token, {
      fullName: tenants.fullName,
      code,
    });
    expect(retry.statusCode).toBe(200);
    expect(dataOf<ContractViewDto>(retry)).toMatchObject({ statusCode: 'CST004' });
    const [spent] = await db()
      .select()
      .from(contractSignCodes)
      .where(and(eq(contractSignCodes.contractId, id), eq(contractSignCodes.party, 'tenant')));
    expect(spent?.usedAt).not.toBeNull();
    expect(spent?.attempts).toBe(2);
    const download = await call('GET', `/api/contract/${id}/download`, owner.token);
    expect(pdfsig(download.rawPayload)).toContain('Signature is Valid');
  });
});
