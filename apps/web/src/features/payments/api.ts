import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BillingInput,
  MyPaymentsDto,
  PaymentDto,
  PaymentMethod,
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
  myPayments: '/api/payments',
  invoicePdf: (invoiceId: string) => `/api/invoice/${invoiceId}/pdf`,
} as const;

export const paymentsKeys = {
  summary: (announcementId: string) => ['payments', announcementId, 'summary'] as const,
  status: (announcementId: string) => ['payments', announcementId, 'status'] as const,
  payment: (announcementId: string, paymentId: string) => ['payments', announcementId, paymentId] as const,
  mine: ['payments', 'mine'] as const,
};

/** GET /api/payments: "Mis pagos". */
export const useMyPayments = () =>
  useQuery({
    queryKey: paymentsKeys.mine,
    queryFn: ({ signal }) => apiRequest<MyPaymentsDto>(paymentsApi.myPayments, { signal }),
  });

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
    mutationFn: async ({ id, token, billing }: { id: string; token: string; billing?: BillingInput }) => {
      await apiRequest<TokenizedCard>(paymentsApi.tokenizeCard, { method: 'POST', body: { token } });
      return apiRequest<PaymentDto>(paymentsApi.pay(announcementId), {
        method: 'POST',
        body: { id, token, ...(billing ? { billing } : {}) },
      });
    },
  });
}

/**
 * A redirect payment (Redsys, card or Bizum): the API answers the gateway's signed form, which the
 * page then posts (the payer leaves for the bank's gateway).
 */
export function usePayAtGateway(announcementId: string) {
  return useMutation({
    mutationFn: ({ id, method, billing }: { id: string; method: PaymentMethod; billing?: BillingInput }) =>
      apiRequest<PaymentDto>(paymentsApi.pay(announcementId), {
        method: 'POST',
        body: { id, method, ...(billing ? { billing } : {}) },
      }),
  });
}

/** Posts the gateway's signed form: a real form submit, so the browser leaves for the gateway. */
export function postToGateway(url: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** "49,00 €" from cents. */
const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });
export const formatCents = (cents: number): string => euros.format(cents / 100);
