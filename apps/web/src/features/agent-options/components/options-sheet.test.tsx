import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rolePermissions } from '@casaoferta/domain/permissions';
import { SessionActionsContext, SessionContext, anonymousSession } from '../../../shared/session';
import type { Session } from '../../../shared/session';
import { storageKeys } from '../../../shared/storage-keys';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { captureDownloads } from '../../../test/capture-downloads';
import { fail, mockApi, ok, sampleAgent, sampleImpersonated, sampleUser } from '../../../test/mock-api';
import { pageNavigation } from '../page-navigation';
import { rememberBlockedUser, rememberedBlockedUser } from '../remembered-user';
import OptionsSheet from './options-sheet';

const propertyId = '11111111-1111-4111-8111-111111111111';
const announcementId = '22222222-2222-4222-8222-222222222222';
const offerId = '33333333-3333-4333-8333-333333333333';
const user = sampleImpersonated;

const supervisor = {
  ...sampleAgent,
  roles: [{ name: 'supervisor', permissions: [...rolePermissions.supervisor] }],
};
const plainAgent = { ...sampleAgent, roles: [{ name: 'agent', permissions: [...rolePermissions.agent] }] };
const actingSession: Session = {
  ...anonymousSession,
  logged: true,
  hasToken: true,
  isAgent: true,
  isImpersonating: true,
  user: { ...sampleUser, ...user },
  agent: supervisor,
  impersonatedUser: user,
};
const ownSession: Session = {
  ...actingSession,
  isImpersonating: false,
  user: supervisor,
  impersonatedUser: null,
};

const userState = (overrides: Partial<{ isBlocked: boolean; isVerified: boolean }> = {}) =>
  ok({ ...user, isAgent: false, ...overrides });

const review = (overrides: Record<string, unknown> = {}, announcementStatus = 'AST002', isPaid = true) =>
  ok({
    id: propertyId,
    reference: 'CO-1',
    ownerId: user.id,
    validationStatus: 'PSG002',
    validationReason: null,
    revision: 4,
    live: { images: [{ id: 'i1' }] },
    pendingRevision: null,
    announcements: [
      {
        id: announcementId,
        typeCode: 'ATY002',
        statusCode: announcementStatus,
        statusReason: null,
        revision: 7,
        isPaid,
        price: 1100,
        customTitle: 'Piso',
        description: null,
        details: {},
      },
    ],
    ...overrides,
  });

function renderSheet(session: Session, path: string, onClose = vi.fn()) {
  const actions = {
    refresh: vi.fn(() => Promise.resolve()),
    logout: vi.fn(() => Promise.resolve()),
    stopImpersonating: vi.fn(() => Promise.resolve()),
  };
  render(
    <SessionContext.Provider value={session}>
      <SessionActionsContext.Provider value={actions}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={<OptionsSheet onClose={onClose} />} />
          </Routes>
        </MemoryRouter>
      </SessionActionsContext.Provider>
    </SessionContext.Provider>,
  );
  return { onClose, actions };
}

const sheet = () => screen.getByRole('dialog', { name: 'Opciones de agente' });
const option = async (name: string) => within(sheet()).findByRole('button', { name });
const toasts = () => getToasts().map((toast) => toast.message);

beforeEach(() => {
  localStorage.setItem(storageKeys.bearerToken, 'main-token');
  sessionStorage.setItem(storageKeys.tempBearerToken, 'acting-token');
  vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
  vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearToasts();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('<OptionsSheet/> on PropertyDetail', () => {
  it('lists the route actions with their state, and validates the property with the agent token', async () => {
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () => review(),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({ announcement: {}, offers: [], received: 0 }),
      [`POST /api/agents/property/${propertyId}/validate`]: () =>
        ok({ id: announcementId, fkUserId: user.id }),
    });
    const { onClose } = renderSheet(actingSession, `/property-detail/${propertyId}`);
    await option('Validar inmueble');
    const names = within(sheet())
      .getAllByRole('listitem')
      .map((item) => item.firstElementChild?.textContent);
    expect(names).toEqual([
      'Ampliar el periodo del anuncio',
      'Enviar al propietario el resumen de ofertas',
      'Enviar enlace de pago',
      'Devolver el pago',
      'Descargar informe de solvencia',
      'Recibir datos de contacto',
      'Descargar imágenes',
      'Validar inmueble',
      'Rechazar inmueble',
      'Validar anuncio',
      'Rechazar anuncio',
      'Bloquear usuario',
      'Crear anuncio',
      'Cambiar usuario',
    ]);
    expect(await option('Ampliar el periodo del anuncio')).toHaveAttribute('aria-disabled', 'true');
    expect(await option('Ampliar el periodo del anuncio')).toHaveAccessibleDescription(
      'Solo se amplía un anuncio publicado.',
    );
    expect(await option('Descargar informe de solvencia')).toHaveAccessibleDescription(
      'El anuncio todavía no tiene ofertas.',
    );
    expect(await option('Validar inmueble')).not.toHaveAttribute('aria-disabled');
    expect(within(sheet()).getByRole('link', { name: 'Crear anuncio' })).toHaveAttribute(
      'href',
      '/new-property',
    );
    expect(sheet()).toHaveTextContent('Usuario: Javier Moreno Sánchez');

    const userActions = userEvent.setup();
    await userActions.click(await option('Validar inmueble'));
    const confirm = screen.getByRole('dialog', { name: 'Validar inmueble' });
    await userActions.click(within(confirm).getByRole('button', { name: 'Validar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.callsTo('POST', `/api/agents/property/${propertyId}/validate`);
    expect(call?.token).toBe('main-token');
    expect(call?.body).toEqual({ validate: true, revision: 4 });
    expect(toasts()).toContain('Se ha validado el inmueble correctamente.');
    // The review and the user state are read with the agent's token; the owner's offers with the acting one.
    expect(api.callsTo('GET', `/api/agents/property/${propertyId}/review`)[0]?.token).toBe('main-token');
    expect(api.callsTo('GET', `/api/announcement/${announcementId}/offers`)[0]?.token).toBe('acting-token');
  });

  it("rejects the announcement only with a reason ('Motivo del rechazo...'), and says when it fails", async () => {
    let answer = () => fail(409, 'REVISION_OUTDATED');
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () => review(),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({ announcement: {}, offers: [], received: 0 }),
      [`POST /api/agents/announcement/${announcementId}/validate`]: () => answer(),
    });
    const { onClose } = renderSheet(actingSession, `/property-detail/${propertyId}`);
    const u = userEvent.setup();
    await u.click(await option('Rechazar anuncio'));
    const dialog = screen.getByRole('dialog', { name: 'Rechazar anuncio' });
    const reason = within(dialog).getByRole('textbox', { name: /Motivo del rechazo/ });
    expect(reason).toHaveAttribute('placeholder', 'Motivo del rechazo...');
    await u.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(reason).toHaveAccessibleDescription(/Escribe el motivo del rechazo/);
    expect(api.callsTo('POST', `/api/agents/announcement/${announcementId}/validate`)).toHaveLength(0);

    await u.type(reason, 'Las fotos no son del inmueble');
    await u.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() =>
      expect(toasts()[0]).toMatch(/^Ha ocurrido un error al intentar rechazar la validación del anuncio\./),
    );
    expect(screen.getByRole('dialog', { name: 'Rechazar anuncio' })).toBeInTheDocument();

    answer = () => ok({ id: announcementId, userId: user.id });
    await u.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', `/api/agents/announcement/${announcementId}/validate`).at(-1)?.body).toEqual({
      validate: false,
      reasons: 'Las fotos no son del inmueble',
      revision: 7,
    });
    expect(toasts()).toContain('Se ha rechazado la validación del anuncio.');
  });

  it('extends a published announcement by the days asked (1 to 90)', async () => {
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () =>
        review({ validationStatus: 'PSG001' }, 'AST001'),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({
          announcement: {},
          offers: [{ id: offerId, amount: 1000, candidate: { displayName: 'Laura G.' } }],
          received: 1,
        }),
      [`POST /api/agents/announcement/${announcementId}/extend-period`]: () =>
        ok({ id: announcementId, endsAt: '2026-12-31T12:00:00.000Z' }),
    });
    renderSheet(actingSession, `/property-detail/${propertyId}`);
    const u = userEvent.setup();
    await u.click(await option('Ampliar el periodo del anuncio'));
    const dialog = screen.getByRole('dialog', { name: 'Ampliar el periodo del anuncio' });
    const days = within(dialog).getByRole('spinbutton', { name: /Días/ });
    await u.clear(days);
    await u.type(days, '91');
    await u.click(within(dialog).getByRole('button', { name: 'Ampliar' }));
    expect(days).toHaveAccessibleDescription(/Escribe un número de días entre 1 y 90/);
    await u.clear(days);
    await u.type(days, '15');
    await u.click(within(dialog).getByRole('button', { name: 'Ampliar' }));
    await waitFor(() =>
      expect(toasts()).toContain('Se ha ampliado el periodo del anuncio hasta el 31 de diciembre de 2026.'),
    );
    expect(api.callsTo('POST', `/api/agents/announcement/${announcementId}/extend-period`)[0]?.body).toEqual({
      days: 15,
    });
  });

  it('sends the owner the offers e-mail, and says when the owner has no address', async () => {
    let answer = () => ok({ id: announcementId, sentTo: 'ana@example.com', offers: 2 });
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () =>
        review({ validationStatus: 'PSG001' }, 'AST001'),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({ announcement: {}, offers: [], received: 0 }),
      [`POST /api/agents/announcement/${announcementId}/send-offers-email`]: () => answer(),
    });
    const u = userEvent.setup();
    renderSheet(actingSession, `/property-detail/${propertyId}`);
    await u.click(await option('Enviar al propietario el resumen de ofertas'));
    await waitFor(() => expect(toasts()).toContain('Hemos enviado el resumen de ofertas a ana@example.com.'));
    expect(
      api.callsTo('POST', `/api/agents/announcement/${announcementId}/send-offers-email`)[0]?.token,
    ).toBe('main-token');
    cleanup();
    answer = () => fail(409, 'OWNER_NO_EMAIL');
    renderSheet(actingSession, `/property-detail/${propertyId}`);
    await u.click(await option('Enviar al propietario el resumen de ofertas'));
    await waitFor(() =>
      expect(toasts().some((text) => text.startsWith('No se ha podido enviar el resumen de ofertas.'))).toBe(
        true,
      ),
    );
  });

  it("'Recibir datos de contacto' e-mails them to the agent (SPEC 6, 8), with the agent token", async () => {
    let answer = () => ok({ propertyId, announcementId, sentTo: 'agente@casaoferta.test', candidates: 2 });
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () =>
        review({ validationStatus: 'PSG001' }, 'AST001', false),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({ announcement: {}, offers: [], received: 0 }),
      [`POST /api/agents/property/${propertyId}/send-contact-data`]: () => answer(),
    });
    const u = userEvent.setup();
    const { onClose } = renderSheet(actingSession, `/property-detail/${propertyId}`);
    await u.click(await option('Recibir datos de contacto'));
    await waitFor(() =>
      expect(toasts()).toContain('Se han enviado los datos de contacto a tu correo, agente@casaoferta.test.'),
    );
    expect(onClose).toHaveBeenCalled();
    const [call] = api.callsTo('POST', `/api/agents/property/${propertyId}/send-contact-data`);
    expect(call?.token).toBe('main-token');

    cleanup();
    clearToasts();
    answer = () => fail(422, 'CONTACT_DATA_NO_ANNOUNCEMENT');
    renderSheet(actingSession, `/property-detail/${propertyId}`);
    await u.click(await option('Recibir datos de contacto'));
    await waitFor(() => expect(toasts()).toEqual(['No se ha podido enviar los datos de contacto.']));

    cleanup();
    clearToasts();
    answer = () => fail(500, 'CONTACT_DATA_FAILED');
    renderSheet(actingSession, `/property-detail/${propertyId}`);
    await u.click(await option('Recibir datos de contacto'));
    await waitFor(() =>
      expect(toasts()).toEqual(['Ha ocurrido un problema al enviar los datos de contacto.']),
    );
  });

  it("'Recibir datos de contacto' is disabled, saying why, on a property without announcement", async () => {
    mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () => review({ announcements: [] }),
    });
    renderSheet(actingSession, `/property-detail/${propertyId}`);
    const button = await option('Recibir datos de contacto');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('El inmueble no tiene ningún anuncio.');
  });

  it('unlocks an unpaid announcement after confirming (SPEC 6), with the agent token', async () => {
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () =>
        review({ validationStatus: 'PSG001' }, 'AST001', false),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({ announcement: {}, offers: [], received: 0 }),
      [`POST /api/agents/announcement/${announcementId}/mark-paid`]: () =>
        ok({ id: announcementId, isPaid: true, paidAt: '2026-11-23T12:00:00.000Z' }),
    });
    const u = userEvent.setup();
    renderSheet(actingSession, `/property-detail/${propertyId}`);
    await u.click(await option('Desbloquear anuncio (marcar como pagado)'));
    const dialog = screen.getByRole('dialog', { name: 'Desbloquear anuncio' });
    expect(dialog).toHaveTextContent('No se puede deshacer.');
    await u.click(within(dialog).getByRole('button', { name: 'Desbloquear' }));
    await waitFor(() => expect(toasts()).toContain('Se ha desbloqueado el anuncio.'));
    expect(api.callsTo('POST', `/api/agents/announcement/${announcementId}/mark-paid`)[0]?.token).toBe(
      'main-token',
    );
  });

  it('sends the owner the payment link after confirming (SPEC 6, 7.1), with the agent token', async () => {
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () =>
        review({ validationStatus: 'PSG001' }, 'AST001', false),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({ announcement: {}, offers: [], received: 0 }),
      'POST /api/crm/whatsapp/agent/payment-announcement': () =>
        ok({ announcementId, sentTo: '+34600000000', link: 'x' }),
    });
    const u = userEvent.setup();
    renderSheet(actingSession, `/property-detail/${propertyId}`);
    await u.click(await option('Enviar enlace de pago'));
    const dialog = screen.getByRole('dialog', { name: 'Enviar enlace de pago' });
    await u.click(within(dialog).getByRole('button', { name: 'Enviar enlace' }));
    await waitFor(() => expect(toasts()).toContain('Se ha enviado el enlace de pago correctamente.'));
    const [call] = api.callsTo('POST', '/api/crm/whatsapp/agent/payment-announcement');
    expect(call?.token).toBe('main-token');
    expect(call?.body).toEqual({ announcementId, userId: user.id });
  });

  it('gives the paid announcement’s payment back with the reason, with the agent token (issue 28)', async () => {
    const paymentId = '70000000-0000-4000-8000-000000000001';
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () =>
        review({ validationStatus: 'PSG001' }, 'AST001'),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({ announcement: {}, offers: [], received: 0 }),
      [`GET /api/agents/announcement/${announcementId}/payments`]: () =>
        ok({
          payments: [
            { id: paymentId, statusCode: 'PAY002' },
            { id: '70000000-0000-4000-8000-000000000002', statusCode: 'PAY003' },
          ],
        }),
      [`POST /api/agents/payment/${paymentId}/refund`]: () => ok({ refund: {}, payment: {} }),
    });
    const u = userEvent.setup();
    renderSheet(actingSession, `/property-detail/${propertyId}`);
    await u.click(await option('Devolver el pago'));
    const dialog = screen.getByRole('dialog', { name: 'Devolver el pago del anuncio' });
    await u.click(within(dialog).getByRole('button', { name: 'Devolver el pago' }));
    expect(
      within(dialog).getByText('Escribe el motivo de la devolución (entre 5 y 500 caracteres).'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/agents/payment/${paymentId}/refund`)).toHaveLength(0);
    await u.type(within(dialog).getByLabelText(/Motivo de la devolución/), 'Pagó dos veces');
    await u.click(within(dialog).getByRole('button', { name: 'Devolver el pago' }));
    await waitFor(() =>
      expect(toasts()).toContain('Se ha devuelto el pago y se ha emitido la factura rectificativa.'),
    );
    const [call] = api.callsTo('POST', `/api/agents/payment/${paymentId}/refund`);
    expect(call?.token).toBe('main-token');
    expect(call?.body).toEqual({ reason: 'Pagó dos veces' });
  });

  it('disables the refund of an announcement that is not paid', async () => {
    mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () =>
        review({ validationStatus: 'PSG001' }, 'AST001', false),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({ announcement: {}, offers: [], received: 0 }),
    });
    renderSheet(actingSession, `/property-detail/${propertyId}`);
    expect(await option('Devolver el pago')).toHaveAccessibleDescription(
      'El anuncio no tiene ningún pago que devolver.',
    );
  });

  it('says so when the payment link could not be sent', async () => {
    mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () =>
        review({ validationStatus: 'PSG001' }, 'AST001', false),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({ announcement: {}, offers: [], received: 0 }),
      'POST /api/crm/whatsapp/agent/payment-announcement': () => fail(409, 'OWNER_NO_PHONE'),
    });
    const u = userEvent.setup();
    renderSheet(actingSession, `/property-detail/${propertyId}`);
    await u.click(await option('Enviar enlace de pago'));
    const dialog = screen.getByRole('dialog', { name: 'Enviar enlace de pago' });
    await u.click(within(dialog).getByRole('button', { name: 'Enviar enlace' }));
    await waitFor(() =>
      expect(toasts().join(' ')).toMatch(/^Ha ocurrido un error al intentar enviar enlace de pago\./),
    );
  });

  it("downloads a candidate's solvency report with the agent token, under the server's name", async () => {
    const downloads = captureDownloads();
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () =>
        review({ validationStatus: 'PSG001' }, 'AST001'),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({
          announcement: {},
          offers: [{ id: offerId, amount: 1000, candidate: { displayName: 'Laura G.' } }],
          received: 1,
        }),
      [`GET /api/agents/announcement/${announcementId}/offer/${offerId}/solvency-report`]: () =>
        new Response(new Blob(['%PDF-1.7 informe']), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="informe-solvencia-laura.pdf"',
          },
        }),
    });
    try {
      renderSheet(actingSession, `/property-detail/${propertyId}`);
      const u = userEvent.setup();
      await u.click(await option('Descargar informe de solvencia'));
      const picker = screen.getByRole('dialog', { name: 'Informe de solvencia' });
      await u.click(await within(picker).findByRole('button', { name: 'Descargar el informe de Laura G.' }));
      await waitFor(() => expect(downloads.savedNames()).toEqual(['informe-solvencia-laura.pdf']));
      expect(
        api.callsTo('GET', `/api/agents/announcement/${announcementId}/offer/${offerId}/solvency-report`)[0]
          ?.token,
      ).toBe('main-token');
      expect(toasts()).toContain('Se ha descargado informe-solvencia-laura.pdf.');
    } finally {
      downloads.restore();
    }
  });

  it('a plain agent does not see what needs a supervisor (block)', async () => {
    mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/agents/property/${propertyId}/review`]: () => review(),
      [`GET /api/announcement/${announcementId}/offers`]: () =>
        ok({ announcement: {}, offers: [], received: 0 }),
    });
    renderSheet({ ...actingSession, agent: plainAgent }, `/property-detail/${propertyId}`);
    await option('Validar inmueble');
    expect(within(sheet()).queryByRole('button', { name: 'Bloquear usuario' })).not.toBeInTheDocument();
  });
});

describe('<OptionsSheet/> for the user acted on', () => {
  it('blocks after confirming: remembered to readmit, and the agent lands on the agents menu', async () => {
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      'POST /api/agents/users/black-list': () => ok({ isBlocked: true }),
    });
    renderSheet(actingSession, '/properties');
    const u = userEvent.setup();
    await u.click(await option('Bloquear usuario'));
    const dialog = screen.getByRole('dialog', { name: 'Bloquear usuario' });
    expect(dialog).toHaveTextContent('¿Seguro que quieres bloquear a Javier Moreno Sánchez?');
    await u.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('/agents-menu'));
    const [call] = api.callsTo('POST', '/api/agents/users/black-list');
    expect(call?.body).toEqual({ userId: user.id });
    expect(call?.token).toBe('main-token');
    expect(rememberedBlockedUser(supervisor.id)).toEqual({
      agentId: supervisor.id,
      id: user.id,
      name: 'Javier Moreno Sánchez',
    });
    // Another agent on the same tab is not offered to readmit them.
    expect(rememberedBlockedUser('00000000-0000-4000-8000-0000000000b2')).toBeNull();
  });

  it('readmits the user just blocked, then reloads the page', async () => {
    sessionStorage.removeItem(storageKeys.tempBearerToken);
    rememberBlockedUser({ agentId: supervisor.id, id: user.id, name: 'Javier Moreno Sánchez' });
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState({ isBlocked: true }),
      'PUT /api/agents/users/black-list': () => ok({ isBlocked: false }),
    });
    renderSheet(ownSession, '/agents-menu');
    const u = userEvent.setup();
    await u.click(await option('Readmitir usuario'));
    expect(within(sheet()).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Readmitir usuario' });
    await u.click(within(dialog).getByRole('button', { name: 'Readmitir' }));
    await waitFor(() => expect(pageNavigation.reload).toHaveBeenCalled());
    expect(api.callsTo('PUT', '/api/agents/users/black-list')[0]?.body).toEqual({ userId: user.id });
    expect(rememberedBlockedUser(supervisor.id)).toBeNull();
  });

  it('on OfferDetail verifies the candidate and downloads the candidate report', async () => {
    const downloads = captureDownloads();
    const api = mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState(),
      [`GET /api/announcement/${announcementId}/offer/${offerId}`]: () =>
        ok({
          id: offerId,
          announcement: { id: announcementId, propertyId, statusCode: 'AST001', offersCount: 1 },
        }),
      [`GET /api/agents/property/${propertyId}/review`]: () =>
        review({ validationStatus: 'PSG001' }, 'AST001'),
      [`POST /api/agents/user/${user.id}/verify`]: () => ok({ id: user.id, isVerified: true }),
      [`GET /api/agents/announcement/${announcementId}/offer/${offerId}/candidate-report`]: () =>
        new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } }),
    });
    try {
      const { actions } = renderSheet(actingSession, `/offer-detail/${announcementId}/${offerId}`);
      const u = userEvent.setup();
      expect(await option('Validar anuncio')).toHaveAttribute('aria-disabled', 'true');
      await u.click(await option('Descargar informe del candidato'));
      await waitFor(() => expect(downloads.savedNames()).toEqual(['informe-candidato.pdf']));
      await u.click(await option('Verificar usuario'));
      await waitFor(() => expect(toasts()).toContain('Se ha verificado a Javier Moreno Sánchez.'));
      expect(api.callsTo('POST', `/api/agents/user/${user.id}/verify`)[0]?.token).toBe('main-token');
      expect(actions.refresh).toHaveBeenCalled();
    } finally {
      downloads.restore();
    }
  });

  it("on 'Documentación' downloads the user's documents, and tells when it fails", async () => {
    mockApi({
      [`GET /api/agents/users/${user.id}`]: () => userState({ isVerified: true }),
      [`GET /api/agents/users/${user.id}/documents/zip`]: () => fail(404, 'NOT_FOUND'),
    });
    renderSheet(actingSession, '/profile/documentation');
    const u = userEvent.setup();
    expect(await option('Quitar verificación')).toBeInTheDocument();
    await u.click(await option('Descargar documentos'));
    await waitFor(() =>
      expect(toasts()[0]).toMatch(/^No se ha podido completar la descarga: descargar documentos\./),
    );
  });

  it('Escape closes the sheet; Cambiar usuario ends the impersonation', async () => {
    mockApi({ [`GET /api/agents/users/${user.id}`]: () => userState() });
    const { onClose, actions } = renderSheet(actingSession, '/properties');
    const u = userEvent.setup();
    await option('Bloquear usuario');
    await u.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await u.click(await option('Cambiar usuario'));
    expect(actions.stopImpersonating).toHaveBeenCalled();
  });
});
