import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { PaymentDto, PaymentSummary } from '@casaoferta/domain/schemas/payments';
import { RouterLocation } from '../../test/router-location';
import { Toaster } from '../../shared/ui/toaster';
import PaymentSummaryPage from './pages/payment-summary-page';
import PaymentCheckoutPage from './pages/payment-checkout-page';
import PaymentInProcessPage from './pages/payment-in-process-page';
import PaymentSuccessPage from './pages/payment-success-page';
import PaymentFailurePage from './pages/payment-failure-page';

/** Test fixtures and a router with this feature's routes (never imported by the app). */
export const announcementId = '10000000-0000-4000-8000-000000000001';
export const propertyId = '20000000-0000-4000-8000-000000000001';
export const paymentId = '40000000-0000-4000-8000-000000000001';

export const summaryPath = `/api/announcement/${announcementId}/payment`;
export const statusPath = `/api/announcement/${announcementId}/payment/status`;
export const paymentPath = (id: string = paymentId) => `/api/announcement/${announcementId}/payment/${id}`;

export function summary(overrides: Partial<PaymentSummary> = {}): PaymentSummary {
  return {
    announcementId,
    propertyId,
    title: 'Piso luminoso en Malasaña',
    kind: 'rental',
    priceCents: 4900,
    baseCents: 4050,
    vatCents: 850,
    vatPercent: 21,
    currency: 'EUR',
    isPaid: false,
    paidAt: null,
    paidByAgent: false,
    latestPayment: null,
    provider: 'sandbox',
    publishableKey: null,
    methods: ['card'],
    ...overrides,
  };
}

export function payment(overrides: Partial<PaymentDto> = {}): PaymentDto {
  return {
    id: paymentId,
    announcementId,
    statusCode: 'PAY002',
    provider: 'sandbox',
    method: 'card',
    amountCents: 4900,
    vatCents: 850,
    currency: 'EUR',
    cardBrand: 'visa',
    cardLast4: '4242',
    failureCode: null,
    failureMessage: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    settledAt: '2026-11-27T10:00:01.000Z',
    ...overrides,
  };
}

export function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/property/:id/offers/payment/:propertyId" element={<PaymentSummaryPage />} />
        <Route path="/property/:id/offers/payment/:propertyId/checkout" element={<PaymentCheckoutPage />} />
        <Route
          path="/payment-in-process/:idAnnouncement/property/:propertyId"
          element={<PaymentInProcessPage />}
        />
        <Route
          path="/announcement/:announcementId/property/:propertyId/payment/:paymentId/success"
          element={<PaymentSuccessPage />}
        />
        <Route
          path="/announcement/:announcementId/property/:propertyId/payment/:paymentId/failure"
          element={<PaymentFailurePage />}
        />
        <Route path="*" element={<p>Otra página</p>} />
      </Routes>
      <RouterLocation />
      <Toaster />
    </MemoryRouter>,
  );
}
