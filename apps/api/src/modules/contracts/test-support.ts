import { eq } from 'drizzle-orm';
import type { OwnerContractInput, TenantContractInput } from '@casaoferta/domain/schemas/contracts';
import { createAnnouncement, createOffer } from '../../db/factories';
import { outbox, users } from '../../db/schema/index';
import type { TestApp } from '../../test/helpers';
import type { userWithSession } from '../../test/auth-helpers';
import { bearer } from '../../test/auth-helpers';

/** What the contracts' API tests share: the people, a decided announcement, the forms, the calls. */
export type Person = Awaited<ReturnType<typeof userWithSession>>;

export const ownerForm = (overrides: Partial<OwnerContractInput> = {}): OwnerContractInput => ({
  party: {
    name: 'Olga',
    surname: 'Dueñas Ruiz',
    nif: '12345678z',
    address: 'Calle de Alcalá 10, 28014 Madrid',
    email: 'olga@example.com',
    phone: '612 345 678',
  },
  rental: {
    startDate: '2030-01-01',
    durationMonths: 12,
    depositMonths: 1,
    guaranteeMonths: 0,
    paymentDay: 5,
    paymentTypeCode: 'CPT001',
    iban: 'ES91 2100 0418 4502 0005 1332',
    conditionCodes: ['CCO002', 'CCO003'],
  },
  sale: null,
  ...overrides,
});

export const tenantForm = (overrides: Partial<TenantContractInput['party']> = {}): TenantContractInput => ({
  party: {
    name: 'Laura',
    surname: 'García López',
    nif: '00000000T',
    address: 'Calle Mayor 1, 28013 Madrid',
    email: null,
    phone: '+34 699 111 222',
    ...overrides,
  },
});

export function contractTestKit(getApp: () => TestApp) {
  const db = () => getApp().database.db;
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, token: string | null, payload?: object) =>
    getApp().app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const errorCode = (response: { json: () => unknown }) =>
    (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;
  const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

  /**
   * An announcement of `owner` with `tenant`'s offer selected (AST004, OSC002), paid unless `isPaid` is
   * false (a contract needs the paid unlock, decision 026).
   */
  async function decided(owner: Person, tenant: Person, typeCode = 'ATY002', amount = 1100, isPaid = true) {
    const { announcement, property } = await createAnnouncement(
      db(),
      owner.user.id,
      { statusCode: 'AST004', typeCode, price: typeCode === 'ATY003' ? 240_000 : 1000, isPaid },
      { streetNumber: '10', postalCode: '28014', door: 'B' },
    );
    const offer = await createOffer(db(), announcement.id, tenant.user.id, { amount, statusCode: 'OSC002' });
    return { announcement, property, offer };
  }

  /** A drafted contract (201) between them. */
  async function drafted(owner: Person, tenant: Person, typeCode = 'ATY002', amount = 1100) {
    const { announcement } = await decided(owner, tenant, typeCode, amount);
    const response = await call('POST', '/api/contract/draft', owner.token, {
      announcementId: announcement.id,
    });
    if (response.statusCode !== 201) throw new Error(`draft: ${response.body}`);
    return { announcement, id: dataOf<{ id: string }>(response).id };
  }

  /** A contract whose parties both saved and sent their data (CST002). */
  async function bothSent(owner: Person, tenant: Person) {
    const contract = await drafted(owner, tenant);
    const steps: [Method, string, string, object?][] = [
      ['PUT', 'owner', owner.token, ownerForm()],
      ['PUT', 'owner-send', owner.token],
      ['PUT', 'tenant', tenant.token, tenantForm()],
      ['PUT', 'tenant-send', tenant.token],
    ];
    for (const [method, step, token, payload] of steps) {
      const response = await call(method, `/api/contract/${contract.id}/${step}`, token, payload);
      if (response.statusCode !== 200) throw new Error(`${step}: ${response.body}`);
    }
    return contract;
  }

  /** A contract sent to sign (CST003). */
  async function sentToSign(owner: Person, tenant: Person) {
    const contract = await bothSent(owner, tenant);
    const response = await call('POST', `/api/contract/${contract.id}/send-sign`, owner.token);
    if (response.statusCode !== 200) throw new Error(`send-sign: ${response.body}`);
    return contract;
  }

  /** The messages the outbox holds for a person (their phone or e-mail), newest last. */
  async function messagesTo(person: Person) {
    const [row] = await db()
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(eq(users.id, person.user.id));
    return db()
      .select({ channel: outbox.channel, subject: outbox.subject, body: outbox.body })
      .from(outbox)
      .where(eq(outbox.recipient, row?.phone ?? '-'))
      .orderBy(outbox.createdAt);
  }

  return { db, call, errorCode, dataOf, decided, drafted, bothSent, sentToSign, messagesTo };
}
