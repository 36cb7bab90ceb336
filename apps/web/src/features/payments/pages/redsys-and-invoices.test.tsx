import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyPaymentsDto } from '@casaoferta/domain/schemas/payments';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { clearToasts } from '../../../shared/ui/toast-store';
import { Toaster } from '../../../shared/ui/toaster';
import {
  announcementId,
  payment,
  propertyId,
  renderAt,
  statusPath,
  summary,
  summaryPath,
} from '../test-data';
import MyPaymentsPage from './my-payments-page';

// Issue 28 (web): Redsys' checkout (card or Bizum, the signed form posted to the gateway), the
// complete invoice's data checked before anything is sent, the waiting page after the gateway, and
// "Mis pagos" with its invoices.

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

const checkoutUrl = `/property/${announcementId}/offers/payment/${propertyId}/checkout`;
const redirect = {
  kind: 'redirect' as const,
  url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
  fields: { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'eyJ9', Ds_Signature: 'c2ln' },
};

/** The forms the page submits (the browser would leave for the gateway). */
function captureSubmits() {
  const forms: HTMLFormElement[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    forms.push(this);
  });
  return forms;
}

describe('Redsys checkout', () => {
  it('pays by Bizum: posts the signed form to the gateway, with the attempt’s id', async () => {
    const forms = captureSubmits();
    const api = mockApi({
      [`GET ${summaryPath}`]: () => ok(summary({ provider: 'redsys', methods: ['card', 'bizum'] })),
      [`POST ${summaryPath}`]: () =>
        ok(payment({ statusCode: 'PAY001', provider: 'redsys', method: 'bizum', nextAction: redirect })),
    });
    renderAt(checkoutUrl);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Elige cómo pagar' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Número de tarjeta/)).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Pagar 49,00\s€ con Bizum$/ }));
    await waitFor(() => expect(forms).toHaveLength(1));
    const [form] = forms;
    expect(form?.method).toBe('post');
    expect(form?.action).toBe(redirect.url);
    expect(Object.fromEntries(new FormData(form))).toEqual(redirect.fields);
    const [call] = api.callsTo('POST', summaryPath);
    expect(call?.body).toMatchObject({ method: 'bizum' });
    expect(call?.body).not.toHaveProperty('billing');
    expect(api.callsTo('POST', '/api/payment/tokenize-card')).toHaveLength(0);
  });

  it('asks the complete invoice’s data and checks it before sending anything', async () => {
    const forms = captureSubmits();
    const api = mockApi({
      [`GET ${summaryPath}`]: () => ok(summary({ provider: 'redsys', methods: ['card', 'bizum'] })),
      [`POST ${summaryPath}`]: () =>
        ok(payment({ statusCode: 'PAY001', provider: 'redsys', nextAction: redirect })),
    });
    renderAt(checkoutUrl);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Quiero factura completa (con mi NIF)'));
    await user.type(screen.getByLabelText(/NIF, DNI o NIE/), '12345678A');
    await user.click(screen.getByRole('button', { name: /^Pagar 49,00\s€ con tarjeta$/ }));
    expect(
      await screen.findByText('El NIF no es válido. Revisa los números y la letra.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Escribe el nombre o la razón social que figurará en la factura.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/NIF, DNI o NIE/)).toHaveFocus();
    expect(api.callsTo('POST', summaryPath)).toHaveLength(0);
    await user.clear(screen.getByLabelText(/NIF, DNI o NIE/));
    await user.type(screen.getByLabelText(/NIF, DNI o NIE/), 'B12345674');
    await user.type(screen.getByLabelText(/Nombre o razón social/), 'Inmuebles Olga, S.L.');
    await user.type(screen.getByLabelText(/Dirección fiscal/), 'Calle Mayor 1, 28013 Madrid');
    await user.click(screen.getByRole('button', { name: /^Pagar 49,00\s€ con tarjeta$/ }));
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(api.callsTo('POST', summaryPath)[0]?.body).toMatchObject({
      method: 'card',
      billing: { nif: 'B12345674', name: 'Inmuebles Olga, S.L.', address: 'Calle Mayor 1, 28013 Madrid' },
    });
  });

  it('sends the waiting page back a KO from the gateway, and lets the status decide', async () => {
    mockApi({
      [`GET ${statusPath}`]: () =>
        ok({
          isPaid: false,
          payment: payment({
            statusCode: 'PAY003',
            provider: 'redsys',
            method: 'bizum',
            failureCode: 'BIZUM_DECLINED',
            failureMessage: 'El pago con Bizum no se ha completado. Inténtalo de nuevo o paga con tarjeta.',
          }),
        }),
    });
    renderAt(`/payment-in-process/${announcementId}/property/${propertyId}?gateway=ko`);
    expect(await screen.findByTestId('location')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/\/failure$/));
  });
});

const mine: MyPaymentsDto = {
  payments: [
    {
      payment: payment({ statusCode: 'PAY004', method: 'bizum' }),
      announcementTitle: 'Piso luminoso en Malasaña',
      propertyId,
      invoices: [
        {
          id: '50000000-0000-4000-8000-000000000001',
          code: 'F-2026-000007',
          series: 'F',
          kind: 'complete',
          totalCents: 4900,
          baseCents: 4050,
          vatCents: 850,
          issuedAt: '2026-11-27T10:00:01.000Z',
          rectifiesCode: null,
        },
        {
          id: '50000000-0000-4000-8000-000000000002',
          code: 'R-2026-000002',
          series: 'R',
          kind: 'complete',
          totalCents: -4900,
          baseCents: -4050,
          vatCents: -850,
          issuedAt: '2026-11-28T10:00:01.000Z',
          rectifiesCode: 'F-2026-000007',
        },
      ],
      refund: {
        id: '60000000-0000-4000-8000-000000000001',
        paymentId: payment().id,
        status: 'succeeded',
        amountCents: 4900,
        reason: 'Pagó dos veces',
        failureMessage: null,
        createdAt: '2026-11-28T10:00:00.000Z',
        settledAt: '2026-11-28T10:00:01.000Z',
      },
    },
  ],
};

const renderMine = () =>
  render(
    <MemoryRouter initialEntries={['/my-payments']}>
      <Routes>
        <Route path="/my-payments" element={<MyPaymentsPage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );

describe('Mis pagos', () => {
  it('lists each payment with its invoices and refund, and downloads an invoice', async () => {
    const api = mockApi({
      'GET /api/payments': () => ok(mine),
      'GET /api/invoice/50000000-0000-4000-8000-000000000001/pdf': () =>
        new Response(new Blob(['%PDF-1.7 factura']), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="factura-F-2026-000007.pdf"',
          },
        }),
    });
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderMine();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis pagos' })).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Pagos' })).getAllByRole('listitem')[0];
    if (!card) throw new Error('no payment listed');
    expect(
      within(card).getByRole('heading', { level: 2, name: 'Piso luminoso en Malasaña' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Devuelto', { selector: '.badge' })).toBeInTheDocument();
    expect(within(card).getByText('Bizum')).toBeInTheDocument();
    expect(within(card).getByText(/Pagó dos veces/)).toBeInTheDocument();
    expect(within(card).getByText('F-2026-000007')).toBeInTheDocument();
    expect(within(card).getByText(/Factura rectificativa/)).toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: 'Descargar factura F-2026-000007 (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['factura-F-2026-000007.pdf']));
    expect(api.callsTo('GET', '/api/invoice/50000000-0000-4000-8000-000000000001/pdf')).toHaveLength(1);
  });

  it('says when there is nothing yet, and when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/payments': () => ok({ payments: [] }) });
    const { unmount } = renderMine();
    expect(await screen.findByText('Todavía no has hecho ningún pago')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /api/payments': () => fail(500, 'INTERNAL_ERROR') });
    renderMine();
    expect(
      await screen.findByRole('heading', { name: 'No hemos podido cargar el pago' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
