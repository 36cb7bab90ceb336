import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PropertyReview } from '@casaoferta/domain/schemas/moderation';
import { fail, mockApi, ok, sampleAgent } from '../../../test/mock-api';
import { storageKeys } from '../../../shared/storage-keys';
import { clearToasts } from '../../../shared/ui/toast-store';
import { agentSessionRoutes, ids, masterRoutes, renderAt, reviewWithRevision } from '../test-data';
import ValidationReviewPage from './validation-review-page';

const reviewPath = `/api/agents/property/${ids.property}/review`;
const propertyDecisionPath = `/api/agents/property/${ids.property}/validate`;
const announcementDecisionPath = `/api/agents/announcement/${ids.announcement}/validate`;

/** Answers the review with each of `reviews` in turn (the last one again after that). */
function reviews(...answers: PropertyReview[]) {
  let n = 0;
  return () => () => ok(answers[Math.min(n++, answers.length - 1)]);
}

const renderReview = () =>
  renderAt(`/agents-validation/${ids.property}`, [
    ['/agents-validation/:propertyId', <ValidationReviewPage key="review" />],
    ['/agents-validation', <p key="queue">cola de validación</p>],
  ]);

beforeEach(() => localStorage.setItem(storageKeys.bearerToken, 'agent-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('/agents-validation/:propertyId', () => {
  it('shows what the revision changes, field by field and photo by photo, next to the approved version', async () => {
    const api = mockApi({
      ...agentSessionRoutes(),
      ...masterRoutes,
      [`GET ${reviewPath}`]: reviews(reviewWithRevision()),
    });
    renderReview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Inmueble CO-1001' })).toBeVisible();
    const changes = screen.getByRole('region', { name: 'Qué ha cambiado' });
    expect(within(changes).getByText('El propietario envió estos cambios hace 2 días.')).toBeInTheDocument();
    const rows = within(changes).getAllByRole('definition');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Antes: Calle Mayor → Ahora: Calle Nueva',
      'Antes: 2 → Ahora: 3',
      'Antes: Ascensor → Ahora: Ascensor, Terraza',
    ]);
    expect(
      within(changes)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Calle', 'Habitaciones', 'Otras características']);
    expect(within(changes).getByRole('list', { name: 'Fotos nuevas' }).querySelector('img')).toHaveAttribute(
      'src',
      '/media/3-thumb.webp',
    );
    expect(
      within(changes).getByRole('list', { name: 'Fotos quitadas' }).querySelector('img'),
    ).toHaveAttribute('src', '/media/1-thumb.webp');

    const approved = screen.getByRole('region', { name: 'Versión aprobada' });
    await waitFor(() => expect(within(approved).getByText('Getafe')).toBeInTheDocument());
    expect(within(approved).getByText('Madrid')).toBeInTheDocument();
    expect(within(approved).getByText('2ª planta')).toBeInTheDocument();
    expect(within(approved).getByText('80 m²')).toBeInTheDocument();
    expect(within(approved).getAllByRole('img')).toHaveLength(2);

    const decision = screen.getByRole('region', { name: 'Validación del inmueble' });
    expect(within(decision).getByText('Validado')).toBeInTheDocument();
    expect(within(decision).getByRole('button', { name: 'Validar cambios' })).toBeEnabled();
    expect(within(decision).getByRole('button', { name: 'Rechazar cambios' })).toBeEnabled();

    const announcements = screen.getByRole('region', { name: 'Anuncios' });
    expect(within(announcements).getByText('Piso luminoso en Getafe')).toBeInTheDocument();
    expect(within(announcements).getByText('Pendiente de validación')).toBeInTheDocument();
    expect(within(announcements).getByRole('button', { name: 'Validar anuncio' })).toBeEnabled();
    expect(within(announcements).getByRole('button', { name: 'Rechazar anuncio' })).toBeEnabled();
    expect(api.callsTo('GET', reviewPath)[0]?.token).toBe('agent-token');
  });

  it('validates the revision after confirming, tells SPEC 8 notice and loads the review again', async () => {
    const after = reviewWithRevision({ pendingRevision: null, revision: 4 });
    const api = mockApi({
      ...agentSessionRoutes(),
      ...masterRoutes,
      [`GET ${reviewPath}`]: reviews(reviewWithRevision(), after),
      [`POST ${propertyDecisionPath}`]: () => ok({ id: ids.property, fkUserId: ids.owner }),
    });
    const user = userEvent.setup();
    renderReview();
    const opener = await screen.findByRole('button', { name: 'Validar cambios' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Validar cambios' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Validar cambios' }));

    expect(await screen.findByText('Se ha validado el inmueble correctamente.')).toBeInTheDocument();
    expect(api.callsTo('POST', propertyDecisionPath)[0]).toMatchObject({
      token: 'agent-token',
      body: { validate: true, revision: 4 },
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Qué ha cambiado' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('GET', reviewPath)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A validated property without a revision: nothing to validate, it can still be rejected.
    expect(screen.getByRole('button', { name: 'Validar inmueble' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rechazar inmueble' })).toBeEnabled();
    // The button that opened the dialog is gone: the focus waits on the heading.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Volver a la cola' })).toHaveAttribute(
      'href',
      '/agents-validation',
    );
  });

  it('rejects an announcement only with a reason, and gives the focus back', async () => {
    const api = mockApi({
      ...agentSessionRoutes(),
      ...masterRoutes,
      [`GET ${reviewPath}`]: reviews(reviewWithRevision()),
      [`POST ${announcementDecisionPath}`]: () => ok({ id: ids.announcement, userId: ids.owner }),
    });
    const user = userEvent.setup();
    renderReview();
    const opener = await screen.findByRole('button', { name: 'Rechazar anuncio' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Rechazar anuncio' });
    const reason = within(dialog).getByRole('textbox', { name: /Motivo del rechazo/ });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('placeholder', 'Motivo del rechazo...');
    expect(dialog).toHaveTextContent('«Piso luminoso en Getafe» no se publicará.');

    await user.click(within(dialog).getByRole('button', { name: 'Rechazar anuncio' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Escribe el motivo del rechazo/);
    expect(api.callsTo('POST', announcementDecisionPath)).toHaveLength(0);

    await user.type(reason, '  Las fotos no son de este piso.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar anuncio' }));
    expect(await screen.findByText('Se ha rechazado la validación del anuncio.')).toBeInTheDocument();
    expect(api.callsTo('POST', announcementDecisionPath)[0]?.body).toEqual({
      validate: false,
      reasons: 'Las fotos no son de este piso.',
      revision: 2,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Rechazar anuncio' })).toHaveFocus();
  });

  it('cancels without deciding', async () => {
    const api = mockApi({
      ...agentSessionRoutes(),
      ...masterRoutes,
      [`GET ${reviewPath}`]: reviews(reviewWithRevision()),
    });
    const user = userEvent.setup();
    renderReview();
    await user.click(await screen.findByRole('button', { name: 'Rechazar cambios' }));
    const dialog = screen.getByRole('dialog', { name: 'Rechazar cambios' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rechazar cambios' })).toHaveFocus();
    expect(
      api.calls.filter((call) => call.method === 'POST' && call.path.includes('/validate')),
    ).toHaveLength(0);
  });

  it('on 409 REVISION_OUTDATED says so in the API words and reads the review again', async () => {
    const api = mockApi({
      ...agentSessionRoutes(),
      ...masterRoutes,
      [`GET ${reviewPath}`]: reviews(reviewWithRevision(), reviewWithRevision({ revision: 5 })),
      [`POST ${propertyDecisionPath}`]: () => fail(409, 'REVISION_OUTDATED'),
    });
    const user = userEvent.setup();
    renderReview();
    await user.click(await screen.findByRole('button', { name: 'Rechazar cambios' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Falta el certificado energético.');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar cambios' }));

    const alert = await screen.findByText(/revisa los datos actuales antes de decidir/);
    expect(alert.closest('[role="alert"]')).toHaveTextContent(/El propietario ha cambiado/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', reviewPath)).toHaveLength(2));

    // The next decision names the revision read again.
    await user.click(screen.getByRole('button', { name: 'Rechazar cambios' }));
    await user.type(within(screen.getByRole('dialog')).getByRole('textbox'), 'Otra vez.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rechazar cambios' }));
    await waitFor(() => expect(api.callsTo('POST', propertyDecisionPath)).toHaveLength(2));
    expect(api.callsTo('POST', propertyDecisionPath)[1]?.body).toMatchObject({ revision: 5 });
  });

  it('on another refusal keeps the dialog with the reason and tells SPEC 8 error notice', async () => {
    mockApi({
      ...agentSessionRoutes(),
      ...masterRoutes,
      [`GET ${reviewPath}`]: reviews(reviewWithRevision()),
      [`POST ${announcementDecisionPath}`]: () => fail(409, 'INVALID_STATE'),
    });
    const user = userEvent.setup();
    renderReview();
    await user.click(await screen.findByRole('button', { name: 'Validar anuncio' }));
    const dialog = screen.getByRole('dialog', { name: 'Validar anuncio' });
    await user.click(within(dialog).getByRole('button', { name: 'Validar anuncio' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Esta acción no está disponible en el estado actual del anuncio.',
    );
    expect(
      await screen.findByText('Ha ocurrido un error al intentar validar el anuncio.'),
    ).toBeInTheDocument();
  });

  it('enables each decision only in the states SPEC 4.5 allows', async () => {
    const review = reviewWithRevision({
      validationStatus: 'PSG002',
      pendingRevision: null,
      announcements: [
        {
          ...reviewWithRevision().announcements[0],
          statusCode: 'AST002',
        } as PropertyReview['announcements'][number],
        {
          id: '00000000-0000-4000-8000-0000000000d2',
          typeCode: 'ATY003',
          statusCode: 'AST001',
          isPaid: false,
          statusReason: null,
          revision: 1,
          price: 200_000,
          customTitle: null,
          description: null,
          details: {},
        },
      ],
    });
    mockApi({ ...agentSessionRoutes(), ...masterRoutes, [`GET ${reviewPath}`]: reviews(review) });
    renderReview();
    const decision = await screen.findByRole('region', { name: 'Validación del inmueble' });
    expect(within(decision).getByText('Pendiente de validación')).toBeInTheDocument();
    expect(within(decision).getByRole('button', { name: 'Validar inmueble' })).toBeEnabled();
    expect(within(decision).getByRole('button', { name: 'Rechazar inmueble' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Datos del inmueble' })).toBeInTheDocument();

    const [pending, live] = within(screen.getByRole('region', { name: 'Anuncios' })).getAllByRole('listitem');
    if (!pending || !live) throw new Error('two announcements expected');
    // Pending, but its property is not validated yet: it can be rejected, not validated.
    expect(within(pending).getByRole('button', { name: 'Validar anuncio' })).toBeDisabled();
    expect(within(pending).getByRole('button', { name: 'Validar anuncio' })).toHaveAccessibleDescription(
      'Para validar un anuncio, el inmueble debe estar validado.',
    );
    expect(within(pending).getByRole('button', { name: 'Rechazar anuncio' })).toBeEnabled();
    // Published: nothing to decide. Its title is the one made from its type and place.
    await waitFor(() => expect(within(live).getByText('Piso en venta en Getafe')).toBeInTheDocument());
    expect(within(live).getByRole('button', { name: 'Validar anuncio' })).toBeDisabled();
    expect(within(live).getByRole('button', { name: 'Rechazar anuncio' })).toBeDisabled();
  });

  it('disables the decisions an agent has no permission for', async () => {
    mockApi({
      ...agentSessionRoutes(sampleAgent),
      ...masterRoutes,
      [`GET ${reviewPath}`]: reviews(reviewWithRevision()),
    });
    renderReview();
    const validate = await screen.findByRole('button', { name: 'Validar cambios' });
    await waitFor(() => expect(validate).toBeDisabled());
    expect(validate).toHaveAccessibleDescription('Tu perfil de agente no tiene permiso para esta decisión.');
    expect(screen.getByRole('button', { name: 'Rechazar anuncio' })).toBeDisabled();
  });

  it('says when the property does not exist', async () => {
    mockApi({ ...agentSessionRoutes(), [`GET ${reviewPath}`]: () => fail(404, 'NOT_FOUND') });
    renderReview();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Este inmueble no existe' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la cola' })).toBeInTheDocument();
  });

  it('offers a retry when the review cannot load', async () => {
    mockApi({ ...agentSessionRoutes(), [`GET ${reviewPath}`]: () => fail(500, 'INTERNAL_ERROR') });
    renderReview();
    // A 500 is tried once more before the page says so.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'No hemos podido cargar el inmueble' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
