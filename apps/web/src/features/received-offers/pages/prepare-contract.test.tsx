import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { clearToasts } from '../../../shared/ui/toast-store';
import {
  announcementId,
  myAnnouncement,
  offerDetail,
  offerIdOf,
  offerPath,
  offersPath,
  ownerOffer,
  ownerOffers,
  propertyId,
  renderAt,
} from '../test-data';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const contractId = '50000000-0000-4000-8000-000000000001';

/**
 * The way through (issue 13): from the chosen offer, the owner of a paid announcement prepares the
 * contract and opens it; an unpaid one is led to pay first (decision 026).
 */
// The page's dialogs are lazy chunks (issue 29 point 5): loaded once here, so each test waits for the
// dialog it opens, not for its module to be transformed.
beforeAll(async () => {
  await Promise.all([
    import('../components/close-bidding-dialog'),
    import('../components/compare-dialog'),
    import('../components/invite-dialog'),
    import('../components/offer-detail-dialog'),
    import('../components/select-dialog'),
  ]);
});

describe('the chosen offer leads to its contract', () => {
  const routes = (statusCode: 'OSC001' | 'OSC002', isPaid = true) => {
    const offer = ownerOffer(1, { statusCode });
    return {
      'GET /api/announcement/in-progress': () => ok([myAnnouncement({ statusCode: 'AST004' })]),
      [`GET ${offersPath}`]: () => ok(ownerOffers([offer], { isPaid })),
      [`GET ${offerPath(1)}`]: () => ok(offerDetail(offer, [])),
    };
  };

  it("'Preparar el contrato' creates the draft and opens /contract/{id}", async () => {
    const api = mockApi({ ...routes('OSC002'), 'POST /api/contract/draft': () => ok({ id: contractId }) });
    const user = userEvent.setup();
    renderAt(`/property/${propertyId}/offers/${offerIdOf(1)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Oferta de Candidato 1' });
    await user.click(await within(dialog).findByRole('button', { name: 'Preparar el contrato' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/contract/${contractId}`));
    expect(api.callsTo('POST', '/api/contract/draft').map((call) => call.body)).toEqual([{ announcementId }]);
  });

  it('stays on the offer with the API’s message when the draft is refused', async () => {
    mockApi({ ...routes('OSC002'), 'POST /api/contract/draft': () => fail(409, 'CONTRACT_NOT_DECIDED') });
    const user = userEvent.setup();
    renderAt(`/property/${propertyId}/offers/${offerIdOf(1)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Oferta de Candidato 1' });
    await user.click(await within(dialog).findByRole('button', { name: 'Preparar el contrato' }));
    expect(
      await screen.findByText('Para preparar el contrato, primero elige a un candidato en tu anuncio.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/offers/${offerIdOf(1)}`);
  });

  it('offers the contract on the offers page itself once a candidate is chosen', async () => {
    const offer = ownerOffer(1, { statusCode: 'OSC002' });
    const api = mockApi({
      'GET /api/announcement/in-progress': () => ok([myAnnouncement({ statusCode: 'AST004' })]),
      [`GET ${offersPath}`]: () => ok(ownerOffers([offer], { statusCode: 'AST004', isPaid: true })),
      'POST /api/contract/draft': () => ok({ id: contractId }),
    });
    const user = userEvent.setup();
    renderAt(`/property/${propertyId}/offers`);
    expect(await screen.findByText('Ya has elegido candidato para este anuncio.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preparar el contrato' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/contract/${contractId}`));
    expect(api.callsTo('POST', '/api/contract/draft')).toHaveLength(1);
  });

  it('leads the owner of an unpaid announcement to pay first, from the offer and from the list, drafting nothing', async () => {
    const api = mockApi({
      ...routes('OSC002', false),
      [`GET ${offersPath}`]: () =>
        ok(ownerOffers([ownerOffer(1, { statusCode: 'OSC002' })], { statusCode: 'AST004', isPaid: false })),
      'POST /api/contract/draft': () => ok({ id: contractId }),
    });
    const user = userEvent.setup();
    renderAt(`/property/${propertyId}/offers/${offerIdOf(1)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Oferta de Candidato 1' });
    expect(
      await within(dialog).findByText(
        'Has elegido esta oferta. Para preparar el contrato, primero paga el anuncio: así verás el importe de la oferta y los datos del candidato.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Preparar el contrato' })).toBeNull();
    const payLinks = screen.getAllByRole('link', { name: 'Pagar y preparar el contrato' });
    // One in the offer's sheet, one on the list under it.
    expect(payLinks).toHaveLength(2);
    for (const link of payLinks) {
      expect(link).toHaveAttribute('href', `/property/${announcementId}/offers/payment/${propertyId}`);
    }
    await user.click(within(dialog).getByRole('link', { name: 'Pagar y preparar el contrato' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/property/${announcementId}/offers/payment/${propertyId}`,
      ),
    );
    expect(api.callsTo('POST', '/api/contract/draft')).toHaveLength(0);
  });

  it('offers no contract before an offer is chosen', async () => {
    mockApi(routes('OSC001'));
    renderAt(`/property/${propertyId}/offers/${offerIdOf(1)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Oferta de Candidato 1' });
    await within(dialog).findByRole('button', { name: 'Pedir datos completos' });
    expect(within(dialog).queryByRole('button', { name: 'Preparar el contrato' })).toBeNull();
  });
});
