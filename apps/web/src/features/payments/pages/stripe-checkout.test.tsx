import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { clearToasts } from '../../../shared/ui/toast-store';
import {
  announcementId,
  payment,
  paymentPath,
  propertyId,
  renderAt,
  statusPath,
  summary,
  summaryPath,
} from '../test-data';

/**
 * The checkout with `provider: 'stripe'`: Stripe.js is mocked (`loadStripe`), so nothing reaches
 * stripe.com; its Card Element is a stand-in whose events the tests fire as Stripe would.
 */
const stripeJs = vi.hoisted(() => {
  type Handler = (event: { error?: { message: string } }) => void;
  const handlers = new Map<string, Handler>();
  const card = {
    on: vi.fn((name: string, handler: Handler) => {
      handlers.set(name, handler);
      return card;
    }),
    mount: vi.fn((node: HTMLElement) => {
      // Stripe puts its iframes here; the card number is typed in them, never in our page.
      node.append(Object.assign(document.createElement('iframe'), { title: 'Campo seguro de tarjeta' }));
      queueMicrotask(() => handlers.get('ready')?.({}));
    }),
    destroy: vi.fn(),
    focus: vi.fn(),
  };
  const stripe = {
    elements: vi.fn(() => ({ create: vi.fn(() => card) })),
    createPaymentMethod: vi.fn(),
    handleNextAction: vi.fn(),
  };
  return { handlers, card, stripe, loadStripe: vi.fn() };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }));

const publishableKey = 'pk_test_51CasaofertaFake';
const checkoutUrl = `/property/${announcementId}/offers/payment/${propertyId}/checkout`;
const location = () => screen.getByTestId('location').textContent;
const stripeSummary = () => summary({ provider: 'stripe', publishableKey });

beforeEach(() => {
  stripeJs.handlers.clear();
  stripeJs.loadStripe.mockResolvedValue(stripeJs.stripe);
  stripeJs.stripe.createPaymentMethod.mockResolvedValue({
    paymentMethod: { id: 'pm_1CasaofertaVisa' },
  });
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

/** The checkout with Stripe's card element mounted and ready, the holder typed. */
async function readyCheckout() {
  const user = userEvent.setup();
  renderAt(checkoutUrl);
  const cardGroup = await screen.findByRole('group', { name: 'Tarjeta (número, caducidad y CVC)' });
  await waitFor(() => expect(screen.getByRole('button', { name: /Pagar 49,00/ })).toBeEnabled());
  await user.type(screen.getByLabelText(/Titular de la tarjeta/), 'Olga Dueña');
  return { user, cardGroup };
}

describe('checkout with Stripe', () => {
  it('loads Stripe.js with the publishable key and mounts the Card Element under its visible label', async () => {
    mockApi({ [`GET ${summaryPath}`]: () => ok(stripeSummary()) });
    const { cardGroup } = await readyCheckout();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith(publishableKey, { locale: 'es' });
    expect(stripeJs.card.mount).toHaveBeenCalledWith(cardGroup);
    expect(screen.getByText('Tarjeta (número, caducidad y CVC)')).toBeVisible();
    // No card field of ours: the sandbox's number input is not there.
    expect(screen.queryByLabelText(/Número de tarjeta/)).toBeNull();
    expect(screen.getByText(/campo seguro de Stripe/)).toBeInTheDocument();
    // pk_test_: Stripe's test cards are listed, 3-D Secure's included.
    expect(screen.getByText('4000 0000 0000 3220')).toBeInTheDocument();
  });

  it('never loads Stripe.js for the sandbox', async () => {
    mockApi({ [`GET ${summaryPath}`]: () => ok(summary()) });
    renderAt(checkoutUrl);
    expect(await screen.findByLabelText(/Número de tarjeta/)).toBeInTheDocument();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('sends the PaymentMethod id, never card data, through tokenize-card and the payment', async () => {
    const api = mockApi({
      [`GET ${summaryPath}`]: () => ok(stripeSummary()),
      'POST /api/payment/tokenize-card': () =>
        ok({ token: 'pm_1CasaofertaVisa', brand: 'visa', last4: '4242' }),
      [`POST ${summaryPath}`]: () => (call) =>
        ok(payment({ id: (call.body as { id: string }).id, provider: 'stripe' })),
    });
    const { user } = await readyCheckout();
    await user.click(screen.getByRole('button', { name: /Pagar 49,00/ }));
    await waitFor(() => expect(location()).toMatch(/\/payment\/[0-9a-f-]{36}\/success$/));
    expect(stripeJs.stripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: stripeJs.card,
      billing_details: { name: 'Olga Dueña' },
    });
    expect(api.callsTo('POST', '/api/payment/tokenize-card')[0]?.body).toEqual({
      token: 'pm_1CasaofertaVisa',
    });
    const paid = api.callsTo('POST', summaryPath);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      token: 'pm_1CasaofertaVisa',
    });
    expect(stripeJs.stripe.handleNextAction).not.toHaveBeenCalled();
  });

  it('completes 3-D Secure with handleNextAction, then follows the payment on the waiting page', async () => {
    const seenAt: (string | null)[] = [];
    stripeJs.stripe.handleNextAction.mockImplementation(() => {
      seenAt.push(location());
      return Promise.resolve({ paymentIntent: { status: 'processing' } });
    });
    mockApi({
      [`GET ${summaryPath}`]: () => ok(stripeSummary()),
      'POST /api/payment/tokenize-card': () =>
        ok({ token: 'pm_1CasaofertaVisa', brand: 'visa', last4: '3220' }),
      [`POST ${summaryPath}`]: () =>
        ok(
          payment({
            statusCode: 'PAY001',
            provider: 'stripe',
            settledAt: null,
            nextAction: { kind: 'stripe_3ds', clientSecret: 'pi_fake_secret_3ds' },
          }),
        ),
      [`GET /api/announcement/${announcementId}/payment/status`]: () =>
        ok({ isPaid: false, payment: payment({ statusCode: 'PAY001', settledAt: null }) }),
    });
    const { user } = await readyCheckout();
    await user.click(screen.getByRole('button', { name: /Pagar 49,00/ }));
    await waitFor(() =>
      expect(location()).toBe(`/payment-in-process/${announcementId}/property/${propertyId}`),
    );
    expect(stripeJs.stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_fake_secret_3ds' });
    // Called on the checkout, before leaving it.
    expect(seenAt).toEqual([checkoutUrl]);
  });

  it('reads out Stripe’s error as the card is typed, and when it refuses the card, sending nothing', async () => {
    stripeJs.stripe.createPaymentMethod.mockResolvedValue({
      error: { type: 'card_error', message: 'Tu tarjeta ha caducado.' },
    });
    const api = mockApi({ [`GET ${summaryPath}`]: () => ok(stripeSummary()) });
    const { user } = await readyCheckout();
    const region = document.getElementById('pay-card-error');
    expect(region).toHaveAttribute('aria-live', 'polite');

    act(() =>
      stripeJs.handlers.get('change')?.({ error: { message: 'El número de tu tarjeta no es válido.' } }),
    );
    expect(region).toHaveTextContent('El número de tu tarjeta no es válido.');
    act(() => stripeJs.handlers.get('change')?.({}));
    expect(region).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: /Pagar 49,00/ }));
    await waitFor(() => expect(region).toHaveTextContent('Tu tarjeta ha caducado.'));
    expect(stripeJs.card.focus).toHaveBeenCalled();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('asks for the holder before asking Stripe', async () => {
    const api = mockApi({ [`GET ${summaryPath}`]: () => ok(stripeSummary()) });
    const user = userEvent.setup();
    renderAt(checkoutUrl);
    await waitFor(() => expect(screen.getByRole('button', { name: /Pagar 49,00/ })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: /Pagar 49,00/ }));
    expect(await screen.findByText(/Escribe el nombre del titular/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Titular de la tarjeta/)).toHaveFocus();
    expect(stripeJs.stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says so when Stripe.js cannot be loaded, and tries again', async () => {
    stripeJs.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    mockApi({ [`GET ${summaryPath}`]: () => ok(stripeSummary()) });
    const user = userEvent.setup();
    renderAt(checkoutUrl);
    expect(await screen.findByText(/No hemos podido cargar el formulario de pago/)).toBeInTheDocument();
    expect(screen.getByText(/No se ha hecho ningún cargo/).closest('[role="alert"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Volver a intentarlo' }));
    expect(
      await screen.findByRole('group', { name: 'Tarjeta (número, caducidad y CVC)' }),
    ).toBeInTheDocument();
    expect(stripeJs.loadStripe).toHaveBeenCalledTimes(2);
  });
});

describe('waiting page with a payment still waiting for 3-D Secure', () => {
  it('opens the bank’s challenge again on request, then shows how the payment ended', async () => {
    let authenticated = false;
    stripeJs.stripe.handleNextAction.mockImplementation(() => {
      authenticated = true;
      return Promise.resolve({ paymentIntent: { status: 'succeeded' } });
    });
    mockApi({
      [`GET ${summaryPath}`]: () => ok(stripeSummary()),
      [`GET ${statusPath}`]: () =>
        authenticated
          ? ok({ isPaid: true, payment: payment({ provider: 'stripe' }) })
          : ok({
              isPaid: false,
              payment: payment({
                statusCode: 'PAY001',
                provider: 'stripe',
                settledAt: null,
                nextAction: { kind: 'stripe_3ds', clientSecret: 'pi_fake_secret_again' },
              }),
            }),
      [`GET ${paymentPath()}`]: () => ok(payment({ provider: 'stripe' })),
    });
    const user = userEvent.setup();
    renderAt(`/payment-in-process/${announcementId}/property/${propertyId}`);
    const resume = await screen.findByRole('button', { name: 'Confirmar el pago con mi banco' });
    await waitFor(() => expect(resume).toBeEnabled());
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
    await user.click(resume);
    expect(await screen.findByRole('heading', { name: 'Pago completado' })).toBeInTheDocument();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith(publishableKey, { locale: 'es' });
    expect(stripeJs.stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_fake_secret_again' });
  });
});
