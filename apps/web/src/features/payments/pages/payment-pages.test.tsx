import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@casaoferta/domain/errors';
import { mockApi, ok } from '../../../test/mock-api';
import { clearToasts } from '../../../shared/ui/toast-store';
import {
  announcementId,
  payment,
  paymentId,
  paymentPath,
  propertyId,
  renderAt,
  statusPath,
  summary,
  summaryPath,
} from '../test-data';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearToasts();
});

const summaryUrl = `/property/${announcementId}/offers/payment/${propertyId}`;
const checkoutUrl = `${summaryUrl}/checkout`;
const location = () => screen.getByTestId('location').textContent;

async function fillCard(number: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Titular de la tarjeta/), 'Olga Dueña');
  await user.type(screen.getByLabelText(/Número de tarjeta/), number);
  await user.type(screen.getByLabelText(/Caducidad/), '1235');
  await user.type(screen.getByLabelText(/^CVC/), '123');
  return user;
}

describe('payment summary', () => {
  it('shows what paying unlocks and the price with its base and VAT, then leads to the checkout', async () => {
    mockApi({ [`GET ${summaryPath}`]: () => ok(summary()) });
    renderAt(summaryUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pago del anuncio' })).toBeInTheDocument();
    expect(screen.getByText(/Los importes de todas las ofertas/)).toBeInTheDocument();
    expect(screen.getByText(/nombre completo y teléfono/)).toBeInTheDocument();
    expect(screen.getByText('Base imponible').nextSibling?.textContent).toMatch(/40,50\s€/);
    expect(screen.getByText('IVA (21 %)').nextSibling?.textContent).toMatch(/8,50\s€/);
    expect(screen.getByText('Total (IVA incluido)').nextSibling?.textContent).toMatch(/49,00\s€/);
    expect(screen.getByRole('link', { name: 'Continuar al pago' })).toHaveAttribute('href', checkoutUrl);
  });

  it('says when the announcement is paid already, and by an agent', async () => {
    mockApi({ [`GET ${summaryPath}`]: () => ok(summary({ isPaid: true, paidByAgent: true })) });
    renderAt(summaryUrl);
    expect(await screen.findByText(/Nuestro equipo ha marcado este anuncio como pagado/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continuar al pago' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver las ofertas' })).toHaveAttribute(
      'href',
      `/property/${propertyId}/offers`,
    );
  });
});

describe('checkout', () => {
  it('refuses a number failing Luhn in the browser, sending nothing', async () => {
    const api = mockApi({ [`GET ${summaryPath}`]: () => ok(summary()) });
    renderAt(checkoutUrl);
    const user = await fillCard('4242 4242 4242 4241');
    await user.click(screen.getByRole('button', { name: /Pagar 49,00/ }));
    expect(
      await screen.findByText('El número de tarjeta no es válido. Revisa las cifras.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Número de tarjeta/)).toHaveFocus();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends only the token, once however many clicks, and routes a success to its page', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = mockApi({
      [`GET ${summaryPath}`]: () => ok(summary()),
      'POST /api/payment/tokenize-card': () =>
        ok({ token: 'tok_sandbox_approve_4242', brand: 'visa', last4: '4242' }),
      [`POST ${summaryPath}`]: () => async (call) => {
        await held;
        return ok(payment({ id: (call.body as { id: string }).id }));
      },
    });
    renderAt(checkoutUrl);
    const user = await fillCard('4242424242424242');
    expect(screen.getByLabelText(/Número de tarjeta/)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(/Número de tarjeta/)).toHaveAttribute('inputmode', 'numeric');
    const button = screen.getByRole('button', { name: /Pagar 49,00/ });
    await user.click(button);
    await user.click(button);
    await waitFor(() => expect(api.callsTo('POST', summaryPath)).toHaveLength(1));
    expect(screen.getByRole('button', { name: /Procesando el pago/ })).toBeDisabled();
    release();
    await waitFor(() => expect(location()).toMatch(/\/payment\/[0-9a-f-]{36}\/success$/));
    const bodies = api.calls
      .filter((call) => call.method === 'POST')
      .map((call) => JSON.stringify(call.body));
    expect(bodies.join(' ')).not.toMatch(/4242424242424242|4242 4242/);
    expect(api.callsTo('POST', '/api/payment/tokenize-card')[0]?.body).toEqual({
      token: 'tok_sandbox_approve_4242',
    });
  });

  it('routes a declined payment to the failure page', async () => {
    mockApi({
      [`GET ${summaryPath}`]: () => ok(summary()),
      'POST /api/payment/tokenize-card': () => ok({ token: 't', brand: 'visa', last4: '0002' }),
      [`POST ${summaryPath}`]: () =>
        ok(payment({ statusCode: 'PAY003', failureCode: 'CARD_DECLINED', failureMessage: 'x' })),
    });
    renderAt(checkoutUrl);
    const user = await fillCard('4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: /Pagar/ }));
    await waitFor(() =>
      expect(location()).toBe(
        `/announcement/${announcementId}/property/${propertyId}/payment/${paymentId}/failure`,
      ),
    );
  });
});

describe('waiting page', () => {
  it('polls the status until the payment is final, then shows the result', async () => {
    let checks = 0;
    mockApi({
      [`GET ${statusPath}`]: () => {
        checks += 1;
        return checks < 2
          ? ok({ isPaid: false, payment: payment({ statusCode: 'PAY001', settledAt: null }) })
          : ok({ isPaid: true, payment: payment() });
      },
      [`GET ${paymentPath()}`]: () => ok(payment()),
    });
    renderAt(`/payment-in-process/${announcementId}/property/${propertyId}`);
    expect(await screen.findByRole('heading', { name: 'Estamos confirmando tu pago' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Pago completado' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(checks).toBe(2);
    expect(screen.getByText('VISA terminada en 4242')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver ofertas, importes y contactos' })).toHaveAttribute(
      'href',
      `/property/${propertyId}/offers`,
    );
  });
});

describe('failure page', () => {
  it('shows the provider’s reason in Spanish and retries on the checkout', async () => {
    mockApi({
      [`GET ${paymentPath()}`]: () =>
        ok(
          payment({
            statusCode: 'PAY003',
            failureCode: 'CARD_DECLINED',
            failureMessage: errorMessages.CARD_DECLINED,
          }),
        ),
    });
    renderAt(`/announcement/${announcementId}/property/${propertyId}/payment/${paymentId}/failure`);
    expect(await screen.findByText(/Tarjeta rechazada por el banco emisor/)).toBeInTheDocument();
    expect(screen.getByText('Motivo:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reintentar' })).toHaveAttribute('href', checkoutUrl);
  });

  it('sends a succeeded payment’s failure address to its success page', async () => {
    mockApi({ [`GET ${paymentPath()}`]: () => ok(payment()) });
    renderAt(`/announcement/${announcementId}/property/${propertyId}/payment/${paymentId}/failure`);
    expect(await screen.findByRole('heading', { name: 'Pago completado' })).toBeInTheDocument();
  });
});
