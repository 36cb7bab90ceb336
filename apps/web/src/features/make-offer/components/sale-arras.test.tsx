import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockApi, ok } from '../../../test/mock-api';
import {
  announcementId,
  loggedSession,
  management,
  mastersRoute,
  myOffer,
  renderOfferAction,
  saleAnnouncement,
  sampleProperty,
} from '../test-data';

const offersRoute = `POST /api/announcement/${announcementId}/offers`;
const dialog = (name: string) => screen.findByRole('dialog', { name });

beforeAll(async () => {
  await import('./offer-flow');
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

// Issue 23 point 13: the sale offer shows the arras the seller asks for, and the buyer accepts them.
describe('a sale offer with arras', () => {
  it('shows the arras read-only and sends the offer only once they are accepted', async () => {
    const user = userEvent.setup();
    const property = sampleProperty({
      ...saleAnnouncement,
      price: 245_000,
      details: { arras: { typeCode: 'ARS001', unit: 'percent', value: 10 } },
    });
    const api = mockApi({
      ...mastersRoute,
      'GET /api/tenant/offers': () => ok([]),
      [`POST /api/announcement/${announcementId}/pending-offers`]: () =>
        ok(
          management(property, {
            actions: {
              canMakeOffer: true,
              hasTenantProfileCompleted: true,
              hasTenantProfileCompletedToOffer: true,
              hasProfileCompletedToSaleOffer: true,
            },
          }),
        ),
      [offersRoute]: () => json(201, { data: myOffer(property, { amount: 245_000 }) }),
    });
    renderOfferAction(property, { session: loggedSession(true) });
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    await user.click(within(await dialog('Hacer oferta')).getByRole('button', { name: 'Siguiente' }));
    const form = await dialog('Hacer oferta');
    const block = within(form).getByRole('region', { name: 'Arras que pide el vendedor' });
    expect(block).toHaveTextContent(/Arras penitenciales: 10\s% del precio \(24\.500 €\)/);
    const accept = within(block).getByRole('checkbox', { name: 'Acepto estas arras' });
    expect(accept).not.toBeChecked();

    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Motivo de la compra/ }),
      'Vivienda habitual',
    );
    await user.click(within(form).getByRole('button', { name: 'Enviar oferta' }));
    expect(
      within(form).getByText('Para enviar tu oferta, acepta las arras que pide el vendedor.'),
    ).toBeInTheDocument();
    expect(accept).toHaveFocus();
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)).toHaveLength(0);

    await user.click(accept);
    await user.click(within(form).getByRole('button', { name: 'Enviar oferta' }));
    await dialog('Tu oferta de compra se ha enviado');
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[0]?.body).toMatchObject({
      amount: 245_000,
      acceptsArras: true,
    });
  });
});
