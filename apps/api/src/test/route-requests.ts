import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { RouteRecord } from '../platform/access';
import { multipart } from './multipart';
import type { OwnerRows } from './world';
import { propertyForm } from './samples';
import { ownerForm, tenantForm } from '../modules/contracts/test-support';

/** A request for `app.inject`. */
export interface RouteRequest {
  method: string;
  url: string;
  payload?: string | Buffer | object;
  headers: Record<string, string>;
}

/**
 * Which of A's rows a path parameter names, from the segment before it (`/property/:id` → the
 * property). A new kind of parameter fails here until it is added, so no route escapes the matrix.
 */
const rowBySegment: Record<string, keyof OwnerRows> = {
  property: 'propertyId',
  announcement: 'announcementId',
  image: 'imageId',
  user: 'userId',
  users: 'userId',
  offer: 'offerId',
  'co-titular': 'coHolderId',
  guarantor: 'guarantorId',
  cotitular: 'coHolderId',
  contract: 'contractId',
  'preload-image': 'contractImageId',
  favourites: 'announcementId',
};

/**
 * Rows the world does not create (a tenant's documents: a row needs its encrypted file; a contract
 * photo's bytes, `images`: its file; a payment and its `invoice`): a well-formed id nobody has. The
 * routes naming them declare A's 404 in their `matrix`; documents/*.test.ts, contracts/*.test.ts and
 * payments/*.test.ts prove their ownership checks with real rows.
 */
const absentRowSegments = new Set(['document', 'documents', 'images', 'payment', 'invoice']);
const ABSENT_ROW_ID = '00000000-0000-4000-8000-00000000d0c5';

/** Actions on an offer that its candidate takes (the others are the announcement owner's). */
const candidateOfferActions = new Set(['withdraw', 'documents-share']);

export function fillPath(url: string, rows: OwnerRows, replace?: Record<string, string>): string {
  const segments = url.split('/');
  return segments
    .map((segment, index) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      if (replace?.[name] !== undefined) return replace[name];
      const before = segments[index - 1] ?? '';
      const kind = segments.at(-1);
      if (before === 'announcement' && (kind === 'sale' || kind === 'room-rental')) {
        return kind === 'sale' ? rows.saleAnnouncementId : rows.roomAnnouncementId;
      }
      // The candidate's own offer routes name A's offer on another owner's announcement.
      const candidateRoute = url.includes('/offer/:offerId/') && candidateOfferActions.has(kind ?? '');
      if (candidateRoute && before === 'announcement') return rows.offeredAnnouncementId;
      if (candidateRoute && before === 'offer') return rows.myOfferId;
      // The tenant's side of a contract names the contract A is the tenant of.
      if (before === 'contract' && /^\/api\/contract\/:id\/tenant/.test(url)) return rows.myContractId;
      const row = rowBySegment[before];
      if (!row && absentRowSegments.has(before)) return ABSENT_ROW_ID;
      if (!row) {
        throw new Error(`${url}: no sé qué fila de A nombra :${name} (añádela en test/route-requests.ts)`);
      }
      return rows[row];
    })
    .join('/');
}

/** A co-holder or guarantor the wizard would accept (a DNI with its right letter, of age). */
const householdPersonSample = {
  nif: '00000000T',
  typeContractCode: 'UTC001',
  salaryRangeCode: 'URS005',
  name: 'Marta',
  surname: 'Avalista Ruiz',
  birthDate: '1980-05-17',
  countryCode: 'ES',
  civilStatusCode: 'UCS001',
};

/**
 * Bodies for the routes whose body names one of A's rows, or that need a well-formed body to reach the
 * rule the matrix checks (B must get 404 for A's property, not 400 for a half-empty body). Every other
 * route gets `{}` (its allowed actors answer 400: they passed the gate).
 */
const samples: Record<string, (rows: OwnerRows) => object> = {
  'POST /api/announcement/draft': (r) => ({ propertyId: r.propertyId, price: 950 }),
  'POST /api/announcement/sale/draft': (r) => ({ propertyId: r.propertyId, price: 240_000 }),
  'POST /api/announcement/room-rental/draft': (r) => ({ propertyId: r.propertyId, price: 420 }),
  'POST /api/announcement/sale': (r) => ({ propertyId: r.propertyId, price: 240_000 }),
  // Saves and publishes at once: B must reach A's property (404), not a 400 for a half-empty body.
  'POST /api/announcement/publish': (r) => ({ propertyId: r.propertyId, price: 950 }),
  'POST /api/announcement/room-rental': (r) => ({
    propertyId: r.propertyId,
    price: 420,
    roomTypeCode: 'PRT002',
  }),
  'PUT /api/announcement/:id': (r) => ({ propertyId: r.propertyId, price: 1000 }),
  'PUT /api/announcement/:id/sale': (r) => ({ propertyId: r.propertyId, price: 240_000 }),
  'PUT /api/announcement/:id/room-rental': (r) => ({
    propertyId: r.propertyId,
    price: 420,
    roomTypeCode: 'PRT002',
  }),
  'POST /api/property': () => propertyForm,
  'PUT /api/property/:id': () => propertyForm,
  'POST /api/property/draft': () => ({ street: 'Calle Mayor' }),
  'PUT /api/property/:id/images/order': (r) => ({ imageIds: [r.imageId] }),
  'POST /api/announcement/offers/invite': (r) => ({
    announcementId: r.announcementId,
    countryCode: 'ES',
    phoneNumber: '612 345 678',
  }),
  // A well-formed person, so that another user's call reaches the ownership check (404), not the 400.
  'PUT /api/tenant/co-titular/:id': () => householdPersonSample,
  'PUT /api/tenant/guarantor/:id': () => householdPersonSample,
  'POST /api/tenant/co-titular': () => ({ ...householdPersonSample, id: randomUUID() }),
  'POST /api/tenant/guarantor': () => ({ ...householdPersonSample, id: randomUUID() }),
  'PUT /api/announcement/:id/offer/:offerId/documents-share': () => ({ shared: true }),
  'POST /api/agents/announcement/:id/extend-period': () => ({ days: 7 }),
  // A live announcement's new price (decision 037): B must reach A's row (404), not a 400.
  'PUT /api/announcement/:id/price': () => ({ price: 1000 }),
  'POST /api/agents/announcement/:id/price': () => ({ approve: true, revision: 1 }),
  // Contracts: well-formed forms and signatures, so another user's call reaches the party check (404).
  'PUT /api/contract/:id/owner': () => ownerForm(),
  'PUT /api/contract/:id/tenant': () => tenantForm(),
  'POST /api/contract/:id/owner/sign': () => ({ fullName: 'Ana Propietaria', code: '123456' }),
  'POST /api/contract/:id/tenant/sign': () => ({ fullName: 'Ana Propietaria', code: '123456' }),
  // The sandbox's declining test card: A's call is a payment that fails, and leaves nothing paid.
  'POST /api/announcement/:id/payment': () => ({ id: randomUUID(), token: 'tok_sandbox_decline_0002' }),
  'POST /api/payment/tokenize-card': () => ({ token: 'tok_sandbox_approve_4242' }),
  // Conversations (decision 038): well-formed, so another user's call reaches the party check (404).
  'POST /api/offer/:id/messages': () => ({ id: randomUUID(), text: 'Hola, ¿sigue disponible?' }),
  'PUT /api/offer/:id/conversation/read': () => ({ lastMessageId: 1 }),
  'POST /api/offer/:id/conversation/report': () => ({ reason: 'spam' }),
  'POST /api/crm/whatsapp/agent/payment-announcement': (r) => ({
    announcementId: r.announcementId,
    userId: r.userId,
  }),
};

/** Query strings a route needs to reach its ownership check (B must get 404, not 400 for a missing id). */
const queries: Record<string, string> = {
  'GET /api/document/download': `?documentId=${ABSENT_ROW_ID}`,
  'GET /api/document/download/guarantor/:id': `?documentId=${ABSENT_ROW_ID}`,
  'GET /api/document/download/cotitular/:id': `?documentId=${ABSENT_ROW_ID}`,
  'GET /api/agents/properties/search': '?name=calle',
};

let png: Buffer | null = null;
const smallPng = async (): Promise<Buffer> => {
  png ??= await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  return png;
};

/** The request an actor makes to `route` on A's `rows`. */
export async function routeRequest(
  route: RouteRecord,
  rows: OwnerRows,
  token: string | null,
): Promise<RouteRequest> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const url = fillPath(route.url, rows) + (queries[`${route.method} ${route.url}`] ?? '');
  if (route.multipart) {
    const body = await multipart(
      { propertyId: rows.propertyId },
      { name: 'foto.png', type: 'image/png', bytes: await smallPng() },
    );
    return { method: route.method, url, payload: body.payload, headers: { ...headers, ...body.headers } };
  }
  if (!route.schema.body) return { method: route.method, url, headers };
  const sample = samples[`${route.method} ${route.url}`];
  return { method: route.method, url, payload: sample ? sample(rows) : {}, headers };
}
