import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import type { ApiAnswer, ApiCall } from '../../../test/mock-api';
import { clearToasts } from '../../../shared/ui/toast-store';
import { ownerAnnouncement, propertyId, propertyRoutes, renderAt } from '../test-data';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const location = () => screen.getByTestId('location');

/** A sale draft endpoint that keeps what it is sent under the id it is given, as the API does. */
function saleApi() {
  const stored = new Map<string, Record<string, unknown>>();
  const view = (id: string) => {
    const { price, ...details } = stored.get(id) ?? {};
    return ownerAnnouncement(1, {
      id,
      typeCode: 'ATY003',
      statusCode: 'AST000',
      price: typeof price === 'number' ? price : null,
      details,
    });
  };
  const routes: Record<string, () => ApiAnswer> = {
    ...propertyRoutes(),
    'POST /api/announcement/sale/draft': () => (call: ApiCall) => {
      const body = call.body as { id: string };
      stored.set(body.id, { ...stored.get(body.id), ...body });
      routes[`GET /api/announcement/${body.id}`] = () => ok(view(body.id));
      routes[`PUT /api/announcement/${body.id}/sale`] = () => ok(view(body.id));
      return ok(view(body.id));
    },
  };
  return { api: mockApi(routes), stored };
}

describe('one draft per announcement', () => {
  it("'Guardar y revisar', the browser's Back and saving again keep one draft, whose id is in the URL", async () => {
    const { api, stored } = saleApi();
    const user = userEvent.setup();
    renderAt(`/new-announcement-venta/${propertyId}`);
    await user.type(await screen.findByRole('textbox', { name: /Precio de venta/ }), '250.000');
    // At once, before save-as-you-go has run.
    await user.click(screen.getByRole('button', { name: 'Guardar y revisar' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/new-property-publication\?announcementId=/));
    const [id] = [...stored.keys()];
    expect(location()).toHaveTextContent(`/new-property-publication?announcementId=${id}`);

    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    expect(location()).toHaveTextContent(`/new-announcement-venta/${propertyId}/${id}`);
    expect(await screen.findByRole('textbox', { name: /Precio de venta/ })).toHaveValue('250.000');
    await user.click(screen.getByRole('button', { name: 'Guardar y revisar' }));
    await waitFor(() => expect(api.callsTo('PUT', `/api/announcement/${id}/sale`)).toHaveLength(2));

    expect(stored.size).toBe(1);
    expect(
      api.calls.filter((call) => call.method === 'POST' && call.path === '/api/announcement/sale'),
    ).toEqual([]);
  });

  it('opens the draft the property already has of that kind instead of starting another', async () => {
    const draft = ownerAnnouncement(4, { typeCode: 'ATY003', statusCode: 'AST000', price: 199_000 });
    const rental = ownerAnnouncement(5, { typeCode: 'ATY002', statusCode: 'AST000' });
    mockApi({
      ...propertyRoutes(),
      'GET /api/announcement/in-progress': () => ok([rental, draft]),
      [`GET /api/announcement/${draft.id}`]: () => ok(draft),
    });
    renderAt(`/new-announcement-venta/${propertyId}`);
    await waitFor(() =>
      expect(location()).toHaveTextContent(`/new-announcement-venta/${propertyId}/${draft.id}`),
    );
    expect(await screen.findByRole('textbox', { name: /Precio de venta/ })).toHaveValue('199.000');
  });
});
