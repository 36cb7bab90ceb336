import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser } from '@playwright/test';
import { agentToken, expect, loginAs, randomMobile } from './fixtures';
import { e2eDevToolsToken } from './e2e-server';

/** The development outbox answers the token the local start printed (decision 027). */
export const devOutboxHeaders = { 'x-dev-tools-token': e2eDevToolsToken };

/**
 * What journeys set up through the API instead of the screens they are not about: one-time codes from the
 * development outbox, agents' validations, published rentals and offers.
 */

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface OutboxMessage {
  channel: string;
  recipient: string;
  body: string;
}

/** The newest one-time code sent by SMS to `phoneNumber` (E.164), read from the development outbox. */
export async function latestCode(request: APIRequestContext, phoneNumber: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox', { headers: devOutboxHeaders });
        if (!response.ok()) return undefined;
        const { data } = (await response.json()) as { data: OutboxMessage[] };
        const sms = data.find((message) => message.channel === 'sms' && message.recipient === phoneNumber);
        code = sms ? /(?<!\d)(\d{6})(?!\d)/.exec(sms.body)?.[1] : undefined;
        return code;
      },
      { message: `SMS code for ${phoneNumber}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code ?? '';
}

/** The demo supervisor agent validates a property or one of its announcements, as from the back office. */
export async function agentValidates(
  request: APIRequestContext,
  propertyId: string,
  announcementId?: string,
) {
  const headers = bearer(await agentToken('agente@casaoferta.es'));
  // A decision names the revision the agent reviewed (decision 011).
  const review = await request.get(`/api/agents/property/${propertyId}/review`, { headers });
  expect(review.ok(), await review.text()).toBe(true);
  const { data } = (await review.json()) as {
    data: { revision: number; announcements: { id: string; revision: number }[] };
  };
  const path = announcementId
    ? `/api/agents/announcement/${announcementId}/validate`
    : `/api/agents/property/${propertyId}/validate`;
  const revision = announcementId
    ? data.announcements.find((a) => a.id === announcementId)?.revision
    : data.revision;
  const res = await request.post(path, { headers, data: { validate: true, revision } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * The demo agent validates a property in validation and the announcement sent with it in one decision
 * (issue 23 point 6, decision 028), naming both revisions reviewed.
 */
export async function agentValidatesBoth(
  request: APIRequestContext,
  propertyId: string,
  announcementId: string,
) {
  const headers = bearer(await agentToken('agente@casaoferta.es'));
  const review = await request.get(`/api/agents/property/${propertyId}/review`, { headers });
  expect(review.ok(), await review.text()).toBe(true);
  const { data } = (await review.json()) as {
    data: { revision: number; announcements: { id: string; revision: number }[] };
  };
  const announcement = data.announcements.find((a) => a.id === announcementId);
  const res = await request.post(`/api/agents/property/${propertyId}/validate`, {
    headers,
    data: {
      validate: true,
      revision: data.revision,
      announcement: { id: announcementId, validate: true, revision: announcement?.revision },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A session token for a new user, from a page of a throwaway context (loginAs wants a page). */
export async function newUserToken(browser: Browser, name: string): Promise<string> {
  const context = await browser.newContext();
  try {
    return await loginAs(await context.newPage(), randomMobile(), name);
  } finally {
    await context.close();
  }
}

/**
 * A whole-home rental in Madrid at 1.100 €/mes on `street`, published (validated by an agent), owned by
 * `ownerToken`'s user.
 */
export async function publishedRental(
  request: APIRequestContext,
  ownerToken: string,
  title: string,
  street: { street: string; streetNumber: string; surfaceM2: number },
) {
  const headers = bearer(ownerToken);
  const property = await request.post('/api/property', {
    headers,
    data: {
      ...street,
      provinceCode: '28',
      municipalityCode: '28079',
      propertyTypeCode: 'PTY002',
      rooms: 2,
      bathrooms: 1,
    },
  });
  expect(property.status(), await property.text()).toBe(201);
  const propertyId = ((await property.json()) as { data: { id: string } }).data.id;
  const draft = await request.post('/api/announcement/draft', {
    headers,
    data: { propertyId, price: 1100, customTitle: title },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const announcementId = ((await draft.json()) as { data: { id: string } }).data.id;
  await agentValidates(request, propertyId);
  const publish = await request.post(`/api/announcement/${announcementId}/publish`, { headers });
  expect(publish.ok(), await publish.text()).toBe(true);
  await agentValidates(request, propertyId, announcementId);
  return { propertyId, announcementId };
}

/** A rental offer with the employment section (a new user's profile is incomplete). Returns its id. */
export async function makeRentalOffer(
  request: APIRequestContext,
  token: string,
  announcementId: string,
  offer: { amount: number; nif: string; salary: number },
): Promise<string> {
  const id = randomUUID();
  const res = await request.post(`/api/announcement/${announcementId}/offers`, {
    headers: bearer(token),
    data: { id, offerPaymentType: 'OPT000', typeContractCode: 'UTC001', ...offer },
  });
  expect(res.status(), await res.text()).toBe(201);
  return id;
}
