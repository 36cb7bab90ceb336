import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import type { ApiCall } from '../../../test/mock-api';
import { storageKeys } from '../../../shared/storage-keys';
import { clearToasts } from '../../../shared/ui/toast-store';
import { agentSessionRoutes, daysAgo, ids, queueItem, renderAt } from '../test-data';
import ValidationQueuePage from './validation-queue-page';

const items = [
  queueItem({ kind: 'property-revision', submittedAt: daysAgo(3), revision: 4 }),
  queueItem({
    kind: 'property',
    propertyId: ids.otherProperty,
    reference: 'CO-1003',
    title: 'Piso con su anuncio en Leganés',
    submittedAt: daysAgo(2),
    jointAnnouncements: [{ id: ids.announcement, revision: 2, typeCode: 'ATY002' }],
  }),
  queueItem({
    kind: 'announcement',
    propertyId: ids.otherProperty,
    announcementId: ids.announcement,
    reference: 'CO-1002',
    title: 'Chalet en venta en Toledo',
    municipalityName: 'Toledo',
    provinceName: 'Toledo',
    announcementTypeCode: 'ATY003',
    price: 250_000,
    submittedAt: daysAgo(1),
    propertyValidationStatus: 'PSG001',
    coverImageUrl: null,
    imageCount: 0,
    owner: {
      id: ids.owner,
      name: 'Javier',
      surname: 'Moreno',
      phoneNumber: null,
      isVerified: false,
      isBlocked: true,
    },
  }),
];

const page = (call: ApiCall) => {
  const q = call.url.searchParams.get('q') ?? '';
  const found = items.filter((item) => `${item.reference} ${item.title}`.includes(q));
  return ok({ items: found, total: found.length, totalCapped: false, pageSize: 20, nextCursor: null });
};

const routes = (queue: () => Response | ((call: ApiCall) => Response) = () => page) => ({
  ...agentSessionRoutes(),
  'GET /api/agents/validation-queue': queue,
});

const renderQueue = () =>
  renderAt('/agents-validation', [
    ['/agents-validation', <ValidationQueuePage key="queue" />],
    ['/agents-validation/:propertyId', <p key="review">revisión</p>],
  ]);

beforeEach(() => localStorage.setItem(storageKeys.bearerToken, 'agent-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('/agents-validation', () => {
  it('lists what waits, oldest first: kind, photo, place, owner with badges and how long it waits', async () => {
    const api = mockApi(routes());
    renderQueue();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pendientes de validación' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Pendientes de validación' });
    const [first, joint, second] = within(list).getAllByRole('listitem');
    if (!first || !joint || !second) throw new Error('three items expected');
    expect(within(first).getByText('Cambios en un inmueble')).toBeInTheDocument();
    expect(within(first).getByText('CO-1001')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Piso en alquiler en Getafe' })).toHaveAttribute(
      'href',
      `/agents-validation/${ids.property}`,
    );
    expect(within(first).getByText(/Getafe \(Madrid\) · 1\.100 €\/mes · 4 fotos/)).toBeInTheDocument();
    expect(within(first).getByText('Carmen Ruiz Ortega')).toBeInTheDocument();
    expect(within(first).getByText('Verificado')).toBeInTheDocument();
    expect(within(first).getByText('Enviado hace 3 días')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', '/media/cover.webp');

    expect(within(second).getByText('Anuncio de venta')).toBeInTheDocument();
    expect(within(second).getByText('Sin fotos')).toBeInTheDocument();
    expect(within(second).getByText('Bloqueado')).toBeInTheDocument();
    expect(within(second).getByText('Enviado hace 1 día')).toBeInTheDocument();
    // Sent with its property (decision 028): one item, the property's, carrying the announcement.
    expect(within(joint).getByText('Inmueble nuevo y anuncio')).toBeInTheDocument();
    expect(
      within(joint).getByText('Con su anuncio de alquiler: se deciden juntos en la revisión.'),
    ).toBeInTheDocument();
    expect(within(joint).getByRole('link', { name: 'Piso con su anuncio en Leganés' })).toHaveAttribute(
      'href',
      `/agents-validation/${ids.otherProperty}`,
    );
    expect(within(first).queryByText(/se deciden juntos/)).not.toBeInTheDocument();
    expect(within(second).queryByText(/se deciden juntos/)).not.toBeInTheDocument();
    expect(screen.getByText('3 pendientes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();

    const call = api.callsTo('GET', '/api/agents/validation-queue')[0];
    expect(call?.token).toBe('agent-token');
    expect(call?.url.searchParams.get('cursor')).toBeNull();
    expect(call?.url.searchParams.get('pageSize')).toBe('20');
  });

  it('searches with a debounce and says when nothing matches', async () => {
    const api = mockApi(routes());
    const user = userEvent.setup();
    renderQueue();
    await screen.findByRole('list', { name: 'Pendientes de validación' });
    const box = screen.getByRole('searchbox', { name: 'Buscar pendientes' });
    await user.type(box, 'Chalet');
    await waitFor(() => expect(screen.getByText('1 pendiente')).toBeInTheDocument());
    const calls = () => api.callsTo('GET', '/api/agents/validation-queue');
    expect(calls().at(-1)?.url.searchParams.get('q')).toBe('Chalet');
    expect(calls().length).toBeLessThan(4);

    await user.clear(box);
    await user.type(box, 'Ático');
    expect(await screen.findByRole('heading', { name: 'No hay nada pendiente' })).toBeInTheDocument();
    expect(screen.getByText(/Nada pendiente coincide con «Ático»/)).toBeInTheDocument();
  });

  it('says when everything is reviewed', async () => {
    mockApi(routes(() => ok({ items: [], total: 0, totalCapped: false, pageSize: 20, nextCursor: null })));
    renderQueue();
    expect(await screen.findByText(/Todo está revisado/)).toBeInTheDocument();
  });

  it('loads a long queue page after page with the cursor, the focus on the first new item', async () => {
    const api = mockApi(
      routes(() => (call: ApiCall) => {
        const n = Number(call.url.searchParams.get('cursor')?.replace('tras-', '') ?? '0') + 1;
        return ok({
          items: [
            queueItem({ propertyId: `00000000-0000-4000-8000-00000000090${n}`, title: `Pendiente ${n}` }),
          ],
          total: 1000,
          totalCapped: true,
          pageSize: 20,
          nextCursor: n < 2 ? `tras-${n}` : null,
        });
      }),
    );
    const user = userEvent.setup();
    renderQueue();
    await screen.findByText('Pendiente 1');
    expect(screen.getByText('Más de 1.000 pendientes')).toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Cargar más' });
    more.focus();
    await user.keyboard('{Enter}');
    const second = await screen.findByRole('link', { name: 'Pendiente 2' });
    expect(screen.getByRole('link', { name: 'Pendiente 1' })).toBeInTheDocument();
    await waitFor(() => expect(second).toHaveFocus());
    expect(api.callsTo('GET', '/api/agents/validation-queue').at(-1)?.url.searchParams.get('cursor')).toBe(
      'tras-1',
    );
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it('shows an error with retry when the queue cannot load', async () => {
    const api = mockApi(routes(() => fail(403, 'FORBIDDEN')));
    const user = userEvent.setup();
    renderQueue();
    expect(await screen.findByText('No hemos podido cargar los pendientes')).toBeInTheDocument();
    expect(screen.getByText('No tienes permisos para realizar esa acción.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/agents/validation-queue')).toHaveLength(2));
  });

  it('opens the review of an item', async () => {
    mockApi(routes());
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByRole('link', { name: 'Chalet en venta en Toledo' }));
    expect(await screen.findByText('revisión')).toBeInTheDocument();
  });
});
