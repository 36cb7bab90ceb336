import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type ApiCall } from '../../../test/mock-api';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { detailOf, myOffer, renderAt } from '../test-data';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const rental = myOffer(1, { announcement: { title: 'Ático con terraza' } });
const detailPath = `/api/announcement/${rental.announcementId}/offer/${rental.id}`;
const sharePath = `${detailPath}/documents-share`;
const pageUrl = `/offer-detail/${rental.announcementId}/${rental.id}`;

describe('documentation consent on /offer-detail', () => {
  it('shares the documentation with the owner, shows since when, and revokes it', async () => {
    let current = { shared: false, sharedAt: null as string | null };
    const api = mockApi({
      [`GET ${detailPath}`]: () => ok(detailOf(rental, [])),
      [`GET ${sharePath}`]: () => ok(current),
      [`PUT ${sharePath}`]: () => (call: ApiCall) => {
        const { shared } = call.body as { shared: boolean };
        current = { shared, sharedAt: shared ? '2026-11-22T09:15:00.000Z' : null };
        return ok(current);
      },
    });
    renderAt(pageUrl);
    const section = await screen.findByRole('region', { name: 'Tu documentación' });
    const toggle = await within(section).findByRole('switch', {
      name: 'Compartir mi documentación con el propietario',
    });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Cada descarga queda registrada/);
    expect(within(section).getByRole('status')).toHaveTextContent(
      'Ahora el propietario no puede ver tu documentación.',
    );
    expect(within(section).getByRole('link', { name: 'Ver mi documentación' })).toHaveAttribute(
      'href',
      '/profile/documentation',
    );

    const user = userEvent.setup();
    await user.click(toggle);
    await waitFor(() => expect(api.callsTo('PUT', sharePath)).toHaveLength(1));
    expect(api.callsTo('PUT', sharePath)[0]?.body).toEqual({ shared: true });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(within(section).getByRole('status')).toHaveTextContent(
      'La compartes desde el 22 nov 2026, 10:15.',
    );
    expect(getToasts().map((toast) => toast.message)).toContain(
      'Has compartido tu documentación con el propietario',
    );

    await user.click(toggle);
    await waitFor(() => expect(api.callsTo('PUT', sharePath)).toHaveLength(2));
    expect(api.callsTo('PUT', sharePath)[1]?.body).toEqual({ shared: false });
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(getToasts().map((toast) => toast.message)).toContain('Has dejado de compartir tu documentación');
  });

  it('shows the refusal when the offer ended meanwhile, and keeps the switch off', async () => {
    mockApi({
      [`GET ${detailPath}`]: () => ok(detailOf(rental, [])),
      [`GET ${sharePath}`]: () => ok({ shared: false, sharedAt: null }),
      [`PUT ${sharePath}`]: () => fail(409, 'OFFER_NOT_ACTIVE'),
    });
    renderAt(pageUrl);
    const toggle = await screen.findByRole('switch', {
      name: 'Compartir mi documentación con el propietario',
    });
    await userEvent.setup().click(toggle);
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain('Esta oferta ya no está activa.'),
    );
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('lets a withdrawn offer revoke, never grant', async () => {
    const withdrawn = { ...rental, statusCode: 'OSC003' as const };
    mockApi({
      [`GET ${detailPath}`]: () => ok(detailOf(withdrawn, [])),
      [`GET ${sharePath}`]: () => ok({ shared: false, sharedAt: null }),
    });
    renderAt(pageUrl);
    expect(
      await screen.findByRole('switch', { name: 'Compartir mi documentación con el propietario' }),
    ).toBeDisabled();
  });

  it('is not offered on a sale', async () => {
    const sale = myOffer(2, { announcement: { typeCode: 'ATY003' } });
    mockApi({
      [`GET /api/announcement/${sale.announcementId}/offer/${sale.id}`]: () => ok(detailOf(sale, [])),
    });
    renderAt(`/offer-detail/${sale.announcementId}/${sale.id}`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
