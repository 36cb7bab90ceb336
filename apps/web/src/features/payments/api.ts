import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  PaymentDto,
  PaymentStatusDto,
  PaymentSummary,
  TokenizedCard,
} from '@casaoferta/domain/schemas/payments';
import { apiRequest } from '../../shared/api/client';

/** API paths of the payment pages (issue 13; SPEC 7.3 payment/status, 7.8 tokenize-card). */
export const paymentsApi = {
  summary: (announcementId: string) => `/api/announcement/${announcementId}/payment`,
  pay: (announcementId: string) => `/api/announcement/${announcementId}/payment`,
  status: (announcementId: string) => `/api/announcement/${announcementId}/payment/status`,
  payment: (announcementId: string, paymentId: string) =>
    `/api/announcement/${announcementId}/payment/${paymentId}`,
  tokenizeCard: '/api/payment/tokenize-card',
} as const;

export const paymentsKeys = {
  summary: (announcementId: string) => ['payments', announcementId, 'summary'] as const,
  status: (announcementId: string) => ['payments', announcementId, 'status'] as const,
  payment: (announcementId: string, paymentId: string) => ['payments', announcementId, paymentId] as const,
};

/** How often the waiting page asks for the status of a payment in process. */
export const STATUS_POLL_MS = 1500;

export const usePaymentSummary = (announcementId: string) =>
  useQuery({
    queryKey: paymentsKeys.summary(announcementId),
    queryFn: ({ signal }) => apiRequest<PaymentSummary>(paymentsApi.summary(announcementId), { signal }),
  });

/** GET .../payment/status every STATUS_POLL_MS while the latest payment is in process. */
export const usePaymentStatus = (announcementId: string) =>
  useQuery({
    queryKey: paymentsKeys.status(announcementId),
    queryFn: ({ signal }) => apiRequest<PaymentStatusDto>(paymentsApi.status(announcementId), { signal }),
    refetchInterval: (query) => (query.state.data?.payment?.statusCode === 'PAY001' ? STATUS_POLL_MS : false),
    gcTime: 0,
  });

export const usePayment = (announcementId: string, paymentId: string) =>
  useQuery({
    queryKey: paymentsKeys.payment(announcementId, paymentId),
    queryFn: ({ signal }) =>
      apiRequest<PaymentDto>(paymentsApi.payment(announcementId, paymentId), { signal }),
  });

/**
 * The card's provider token described, then the payment made with the attempt's id: the same id on a
 * second click or a retried request is the same payment, charged once.
 */
export function usePay(announcementId: string) {
  return useMutation({
    mutationFn: async ({ id, token }: { id: string; token: string }) => {
      await apiRequest<TokenizedCard>(paymentsApi.tokenizeCard, { method: 'POST', body: { token } });
      return apiRequest<PaymentDto>(paymentsApi.pay(announcementId), { method: 'POST', body: { id, token } });
    },
  });
}

/** "49,00 €" from cents. */
const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });
export const formatCents = (cents: number): string => euros.format(cents / 100);
