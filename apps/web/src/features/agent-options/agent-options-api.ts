import type {
  AgentUserState,
  ContactDataSent,
  ExtendPeriodResponse,
  MarkPaidResponse,
  OffersEmailResponse,
  VerifiedState,
} from '@casaoferta/domain/schemas/agent-tools';
import type { PropertyReview } from '@casaoferta/domain/schemas/moderation';
import type { MyOfferDetail, OwnerOffers } from '@casaoferta/domain/schemas/offers';
import type { AnnouncementPaymentsDto } from '@casaoferta/domain/schemas/payments';
import { authTokens } from '../../shared/api/auth-tokens';
import { apiRequest } from '../../shared/api/client';

const id = encodeURIComponent;

/** The agent calls of the Options sheet (SPEC 7.2), and the files it downloads. */
export const agentOptionsPaths = {
  userState: (userId: string) => `/api/agents/users/${id(userId)}`,
  verify: (userId: string) => `/api/agents/user/${id(userId)}/verify`,
  unverify: (userId: string) => `/api/agents/user/${id(userId)}/unverify`,
  blackList: '/api/agents/users/black-list',
  review: (propertyId: string) => `/api/agents/property/${id(propertyId)}/review`,
  validateProperty: (propertyId: string) => `/api/agents/property/${id(propertyId)}/validate`,
  validateAnnouncement: (announcementId: string) => `/api/agents/announcement/${id(announcementId)}/validate`,
  extendPeriod: (announcementId: string) => `/api/agents/announcement/${id(announcementId)}/extend-period`,
  markPaid: (announcementId: string) => `/api/agents/announcement/${id(announcementId)}/mark-paid`,
  paymentLink: '/api/crm/whatsapp/agent/payment-announcement',
  announcementPayments: (announcementId: string) => `/api/agents/announcement/${announcementId}/payments`,
  refund: (paymentId: string) => `/api/agents/payment/${paymentId}/refund`,
  offersEmail: (announcementId: string) => `/api/agents/announcement/${id(announcementId)}/send-offers-email`,
  contactData: (propertyId: string) => `/api/agents/property/${id(propertyId)}/send-contact-data`,
  solvencyReport: (announcementId: string, offerId: string) =>
    `/api/agents/announcement/${id(announcementId)}/offer/${id(offerId)}/solvency-report`,
  candidateReport: (announcementId: string, offerId: string) =>
    `/api/agents/announcement/${id(announcementId)}/offer/${id(offerId)}/candidate-report`,
  userDocuments: (userId: string) => `/api/agents/users/${id(userId)}/documents/zip`,
  propertyImages: (propertyId: string) => `/api/property/${id(propertyId)}/download-images`,
  /** Read with the impersonated user's token: what the page itself shows them. */
  candidateOffer: (announcementId: string, offerId: string) =>
    `/api/announcement/${id(announcementId)}/offer/${id(offerId)}`,
  ownerOffers: (announcementId: string) => `/api/announcement/${id(announcementId)}/offers`,
} as const;

/** SPEC 7: agent calls pass the agent's own (main) token, even while acting as someone else. */
const agentOptions = () => ({ token: authTokens.main() });

export const fetchUserState = (userId: string, signal?: AbortSignal) =>
  apiRequest<AgentUserState>(agentOptionsPaths.userState(userId), {
    ...agentOptions(),
    signal,
    silent: true,
  });

export const fetchReview = (propertyId: string, signal?: AbortSignal) =>
  apiRequest<PropertyReview>(agentOptionsPaths.review(propertyId), {
    ...agentOptions(),
    signal,
    silent: true,
  });

/** The candidate's offer as they see it (the impersonated token): its announcement and property. */
export const fetchCandidateOffer = (announcementId: string, offerId: string, signal?: AbortSignal) =>
  apiRequest<MyOfferDetail>(agentOptionsPaths.candidateOffer(announcementId, offerId), {
    signal,
    silent: true,
  });

/**
 * The owner's offers of an announcement (the impersonated owner's token), to pick a candidate: the
 * newest hundred (the API's largest page; `received` counts them all).
 */
export const fetchOwnerOffers = (announcementId: string, signal?: AbortSignal) =>
  apiRequest<OwnerOffers>(`${agentOptionsPaths.ownerOffers(announcementId)}?sort=date&limit=100`, {
    signal,
    silent: true,
  });

export const setVerified = (userId: string, verified: boolean) =>
  apiRequest<VerifiedState>(
    verified ? agentOptionsPaths.verify(userId) : agentOptionsPaths.unverify(userId),
    {
      ...agentOptions(),
      method: 'POST',
      silent: true,
    },
  );

/** POST blocks, PUT readmits (SPEC 7.2). */
export const setBlocked = (userId: string, blocked: boolean) =>
  apiRequest<{ isBlocked: boolean }>(agentOptionsPaths.blackList, {
    ...agentOptions(),
    method: blocked ? 'POST' : 'PUT',
    body: { userId },
    silent: true,
  });

export interface ValidationCall {
  approve: boolean;
  reasons?: string;
  revision: number;
}

export const validateProperty = (propertyId: string, call: ValidationCall) =>
  apiRequest<{ id: string; fkUserId: string }>(agentOptionsPaths.validateProperty(propertyId), {
    ...agentOptions(),
    method: 'POST',
    body: {
      validate: call.approve,
      revision: call.revision,
      ...(call.reasons ? { reasons: call.reasons } : {}),
    },
    silent: true,
  });

export const validateAnnouncement = (announcementId: string, call: ValidationCall) =>
  apiRequest<{ id: string; userId: string }>(agentOptionsPaths.validateAnnouncement(announcementId), {
    ...agentOptions(),
    method: 'POST',
    body: {
      validate: call.approve,
      revision: call.revision,
      ...(call.reasons ? { reasons: call.reasons } : {}),
    },
    silent: true,
  });

export const extendPeriod = (announcementId: string, days: number) =>
  apiRequest<ExtendPeriodResponse>(agentOptionsPaths.extendPeriod(announcementId), {
    ...agentOptions(),
    method: 'POST',
    body: { days },
    silent: true,
  });

export const sendOffersEmail = (announcementId: string) =>
  apiRequest<OffersEmailResponse>(agentOptionsPaths.offersEmail(announcementId), {
    ...agentOptions(),
    method: 'POST',
    silent: true,
  });

export const markPaid = (announcementId: string) =>
  apiRequest<MarkPaidResponse>(agentOptionsPaths.markPaid(announcementId), {
    ...agentOptions(),
    method: 'POST',
    silent: true,
  });

/** SPEC 7.1: the owner gets, by WhatsApp, the link to pay their announcement. */
export const sendPaymentLink = (announcementId: string, userId: string) =>
  apiRequest<unknown>(agentOptionsPaths.paymentLink, {
    ...agentOptions(),
    method: 'POST',
    body: { announcementId, userId },
    silent: true,
  });

/** SPEC 6 'receive contact data': the owner's and candidates' contact, e-mailed to the agent. */
export const sendContactData = (propertyId: string) =>
  apiRequest<ContactDataSent>(agentOptionsPaths.contactData(propertyId), {
    ...agentOptions(),
    method: 'POST',
    silent: true,
  });

/**
 * Issue 28: gives back the announcement's succeeded payment, with the reason; false when it has none
 * (the server decides again: 409 when it was refunded meanwhile).
 */
export async function refundAnnouncementPayment(announcementId: string, reason: string): Promise<boolean> {
  const { payments } = await apiRequest<AnnouncementPaymentsDto>(
    agentOptionsPaths.announcementPayments(announcementId),
    { ...agentOptions(), silent: true },
  );
  const paid = payments.find((payment) => payment.statusCode === 'PAY002');
  if (!paid) return false;
  await apiRequest<unknown>(agentOptionsPaths.refund(paid.id), {
    ...agentOptions(),
    method: 'POST',
    body: { reason },
    silent: true,
  });
  return true;
}
