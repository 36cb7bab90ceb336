import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import type * as shellState from '../../../shared/shell-state';
import { closePublishChooser, openPublishChooser } from '../../../shared/shell-state';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { ownerAnnouncement, propertyId, renderAt } from '../test-data';

vi.mock('../../../shared/shell-state', async (importOriginal) => {
  const original = await importOriginal<typeof shellState>();
  return { ...original, openPublishChooser: vi.fn() };
});

beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  closePublishChooser();
});

const published = ownerAnnouncement(1, {
  title: 'Ático con terraza',
  statusCode: 'AST001',
  highestOffer: 1250,
  offersCount: 4,
  receivedOffers: 5,
  daysLeft: 12,
  actions: { canEdit: true, canWithdraw: true, canCloseBidding: true },
});
const list = [
  published,
  ownerAnnouncement(2, { statusCode: 'AST003', title: 'Estudio cerrado' }),
  ownerAnnouncement(3, { statusCode: 'AST002', title: 'Casa pendiente' }),
  ownerAnnouncement(4, {
    statusCode: 'AST000',
    title: 'Piso de dos dormitorios en Malasaña',
    daysLeft: null,
    actions: { canEdit: true, canPublish: true, canDiscardDraft: true },
  }),
  ownerAnnouncement(5, {
    statusCode: 'AST007',
    title: 'Chalet rechazado',
    statusReason: 'Las fotos no corresponden',
    actions: { canRequestReview: true },
  }),
  ownerAnnouncement(6, { statusCode: 'AST005', title: 'Dúplex retirado' }),
];
const card = (title: string) => {
  const item = screen.getByRole('heading', { name: title }).closest('li');
  if (!item) throw new Error(`no card for ${title}`);
  return within(item);
};

describe('/announcement-list', () => {
  it('groups the announcements in tabs by status', async () => {
    mockApi({ 'GET /api/announcement/in-progress': () => ok(list) });
    const user = userEvent.setup();
    renderAt('/announcement-list');
    expect(await screen.findByRole('tab', { name: 'Activos (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Borradores (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Finalizados (1)' })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Ático con terraza', 'Estudio cerrado', 'Casa pendiente']);
    const atico = card('Ático con terraza');
    expect(atico.getByText('Publicado')).toBeInTheDocument();
    expect(atico.getByText('1.150 €/mes')).toBeInTheDocument();
    expect(atico.getByText('1.250 €/mes')).toBeInTheDocument();
    expect(atico.getByText('4')).toBeInTheDocument();
    expect(atico.getByText('Quedan 12 días')).toBeInTheDocument();
    expect(card('Casa pendiente').getByText('Pendiente de validación')).toBeInTheDocument();

    // A rejected announcement is the owner's to correct: with the drafts (issue 23).
    await user.click(screen.getByRole('tab', { name: 'Borradores (2)' }));
    expect(card('Piso de dos dormitorios en Malasaña').getByText('Borrador')).toBeInTheDocument();
    expect(
      card('Chalet rechazado').getByText('Motivo del rechazo: Las fotos no corresponden'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Finalizados (1)' }));
    expect(card('Dúplex retirado').getByText('Retirado por el propietario')).toBeInTheDocument();
  });

  it('keeps the tab in the URL (?tab=), so a reload and Back open it again', async () => {
    mockApi({ 'GET /api/announcement/in-progress': () => ok(list) });
    const user = userEvent.setup();
    renderAt('/announcement-list?tab=finalizados');
    expect(await screen.findByRole('tab', { name: 'Finalizados (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Dúplex retirado' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Borradores (2)' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/announcement-list?tab=borradores');
    // Open a card's property, then come back.
    await user.click(screen.getByRole('link', { name: 'Piso de dos dormitorios en Malasaña' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/property-detail/${propertyId}`);
    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    expect(await screen.findByRole('tab', { name: 'Borradores (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/announcement-list?tab=borradores');
  });

  it('opens the first tab with announcements when the URL names none or an unknown one', async () => {
    mockApi({ 'GET /api/announcement/in-progress': () => ok(list.slice(3)) });
    renderAt('/announcement-list?tab=nada');
    expect(await screen.findByRole('tab', { name: 'Borradores (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('shows only the actions the announcement allows', async () => {
    mockApi({ 'GET /api/announcement/in-progress': () => ok(list) });
    const user = userEvent.setup();
    renderAt('/announcement-list');
    await screen.findByRole('tab', { name: 'Activos (3)' });
    const actions = (title: string) =>
      [...screen.getByRole('group', { name: `Acciones de ${title}` }).querySelectorAll('a, button')].map(
        (element) => element.textContent,
      );
    // 'Cerrar ofertas' waits for the offers (issue 10): the owner cannot see or choose among them yet.
    expect(actions('Ático con terraza')).toEqual(['Ofertas (5)', 'Editar', 'Retirar']);
    // Bidding closed: nothing to change, the offers to choose from (issue 23).
    expect(actions('Estudio cerrado')).toEqual(['Ofertas (3)']);
    expect(card('Estudio cerrado').getByRole('link', { name: 'Ofertas (3)' })).toHaveAttribute(
      'href',
      `/property/${propertyId}/offers`,
    );
    expect(card('Ático con terraza').getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      `/new-announcement-alquiler/${propertyId}/${published.id}`,
    );
    await user.click(screen.getByRole('tab', { name: 'Borradores (2)' }));
    expect(actions('Piso de dos dormitorios en Malasaña')).toEqual([
      'Editar',
      'Publicar',
      'Descartar borrador',
    ]);
    expect(actions('Chalet rechazado')).toEqual(['Pedir nueva revisión']);
  });

  it('asks before withdrawing, then withdraws and confirms', async () => {
    const api = mockApi({
      'GET /api/announcement/in-progress': () => ok(list),
      [`POST /api/announcement/${published.id}/withdraw`]: () => ok({ ...published, statusCode: 'AST005' }),
    });
    const user = userEvent.setup();
    renderAt('/announcement-list');
    const withdraw = await screen.findByRole('button', { name: 'Retirar' });
    await user.click(withdraw);
    const dialog = screen.getByRole('dialog', { name: '¿Retirar el anuncio?' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(withdraw).toHaveFocus();
    expect(api.callsTo('POST', `/api/announcement/${published.id}/withdraw`)).toHaveLength(0);

    await user.click(withdraw);
    await user.click(screen.getByRole('button', { name: 'Sí, retirar' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain('Se ha modificado correctamente'),
    );
    expect(api.callsTo('POST', `/api/announcement/${published.id}/withdraw`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/api/announcement/in-progress')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before asking for a new review, with the reason still in sight, and confirms it', async () => {
    const rejected = list[4];
    if (!rejected) throw new Error('fixture');
    const api = mockApi({
      'GET /api/announcement/in-progress': () => ok(list),
      [`PUT /api/announcement/${rejected.id}/request-review`]: () =>
        ok({ ...rejected, statusCode: 'AST002', statusReason: null }),
    });
    const user = userEvent.setup();
    renderAt('/announcement-list?tab=borradores');
    await user.click(await screen.findByRole('button', { name: 'Pedir nueva revisión' }));
    const dialog = screen.getByRole('dialog', { name: '¿Pedir una nueva revisión?' });
    expect(within(dialog).getByText(/Motivo del rechazo: Las fotos no corresponden/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    expect(api.callsTo('PUT', `/api/announcement/${rejected.id}/request-review`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, pedir revisión' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain(
        'Has pedido una nueva revisión. Te avisaremos cuando nuestro equipo la termine.',
      ),
    );
    expect(api.callsTo('PUT', `/api/announcement/${rejected.id}/request-review`)).toHaveLength(1);
  });

  it('says the reason of a rejected property without a double stop, and "Borrador descartado"', async () => {
    const draft = ownerAnnouncement(7, {
      statusCode: 'AST000',
      title: 'Estudio interior',
      propertyValidationStatus: 'PSG004',
      propertyValidationReason: 'Las fotos no son del estudio.',
      actions: { canDiscardDraft: true },
    });
    mockApi({
      'GET /api/announcement/in-progress': () => ok([draft]),
      [`POST /api/announcement/${draft.id}/draft-withdraw`]: () => ok({ discarded: true }),
    });
    const user = userEvent.setup();
    renderAt('/announcement-list');
    expect(
      await screen.findByText(
        'El inmueble fue rechazado: Las fotos no son del estudio. Corrígelo para poder publicar.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descartar borrador' }));
    await user.click(screen.getByRole('button', { name: 'Sí, descartar' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Borrador descartado'));
  });

  it('publishes a draft and shows the error toast of a 409', async () => {
    const draft = list[3];
    if (!draft) throw new Error('fixture');
    mockApi({
      'GET /api/announcement/in-progress': () => ok(list),
      [`POST /api/announcement/${draft.id}/publish`]: () => fail(409, 'INVALID_STATE'),
    });
    const user = userEvent.setup();
    renderAt('/announcement-list');
    await user.click(await screen.findByRole('tab', { name: 'Borradores (2)' }));
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain(
        'Esta acción no está disponible en el estado actual del anuncio.',
      ),
    );
    expect(getToasts().map((toast) => toast.message)).not.toContain('Se ha modificado correctamente');
  });

  it('invites to publish when there are no announcements', async () => {
    mockApi({ 'GET /api/announcement/in-progress': () => ok([]) });
    const user = userEvent.setup();
    renderAt('/announcement-list');
    expect(await screen.findByRole('heading', { name: 'Todavía no tienes anuncios' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publica tu anuncio' }));
    expect(openPublishChooser).toHaveBeenCalledOnce();
  });
});
