import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PropertyReview } from '@casaoferta/domain/schemas/moderation';
import { mockApi, ok } from '../../../test/mock-api';
import { storageKeys } from '../../../shared/storage-keys';
import { clearToasts } from '../../../shared/ui/toast-store';
import { agentSessionRoutes, ids, masterRoutes, renderAt, reviewWithRevision } from '../test-data';
import ValidationReviewPage from './validation-review-page';

/** Issue 23 point 6: the property in validation and its announcement sent with it, one decision. */
const reviewPath = `/api/agents/property/${ids.property}/review`;
const propertyDecisionPath = `/api/agents/property/${ids.property}/validate`;

const sentTogether = (): PropertyReview =>
  reviewWithRevision({ validationStatus: 'PSG002', pendingRevision: null, revision: 3 });

function reviews(...answers: PropertyReview[]) {
  let n = 0;
  return () => () => ok(answers[Math.min(n++, answers.length - 1)]);
}

const renderReview = () =>
  renderAt(`/agents-validation/${ids.property}`, [
    ['/agents-validation/:propertyId', <ValidationReviewPage key="review" />],
  ]);

beforeEach(() => localStorage.setItem(storageKeys.bearerToken, 'agent-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('the review of a property sent with its announcement', () => {
  it("'Validar inmueble y anuncio' decides both in one request", async () => {
    const after = reviewWithRevision({
      validationStatus: 'PSG001',
      pendingRevision: null,
      revision: 3,
      announcements: [
        {
          ...sentTogether().announcements[0],
          statusCode: 'AST001',
        } as PropertyReview['announcements'][number],
      ],
    });
    const api = mockApi({
      ...agentSessionRoutes(),
      ...masterRoutes,
      [`GET ${reviewPath}`]: reviews(sentTogether(), after),
      [`POST ${propertyDecisionPath}`]: () => ok({ id: ids.property, fkUserId: ids.owner }),
    });
    const user = userEvent.setup();
    renderReview();
    const decision = await screen.findByRole('region', { name: 'Validación del inmueble' });
    expect(
      within(decision).getByText(
        'El propietario ha enviado «Piso luminoso en Getafe» junto con el inmueble: puedes decidir los dos a la vez.',
      ),
    ).toBeInTheDocument();
    await user.click(within(decision).getByRole('button', { name: 'Validar inmueble y anuncio' }));
    const dialog = screen.getByRole('dialog', { name: 'Validar inmueble y anuncio' });
    expect(dialog).toHaveTextContent(
      'El inmueble CO-1001 quedará validado y «Piso luminoso en Getafe» se publicará durante su periodo.',
    );
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Validar inmueble y anuncio' }));

    expect(
      await screen.findByText('Se han validado el inmueble y el anuncio correctamente.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', propertyDecisionPath)).toHaveLength(1);
    expect(api.callsTo('POST', propertyDecisionPath)[0]?.body).toEqual({
      validate: true,
      revision: 3,
      announcement: { id: ids.announcement, validate: true, revision: 2 },
    });
    expect(api.callsTo('POST', `/api/agents/announcement/${ids.announcement}/validate`)).toHaveLength(0);
    // Decided: the joint action is gone with the property's validation.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Validar inmueble y anuncio' })).not.toBeInTheDocument(),
    );
  });

  it('validates the property and rejects the announcement, with the reason for the announcement', async () => {
    const api = mockApi({
      ...agentSessionRoutes(),
      ...masterRoutes,
      [`GET ${reviewPath}`]: reviews(sentTogether()),
      [`POST ${propertyDecisionPath}`]: () => ok({ id: ids.property, fkUserId: ids.owner }),
    });
    const user = userEvent.setup();
    renderReview();
    await user.click(await screen.findByRole('button', { name: 'Validar inmueble y rechazar anuncio' }));
    const dialog = screen.getByRole('dialog', { name: 'Validar inmueble y rechazar anuncio' });
    const reason = within(dialog).getByRole('textbox', { name: /Motivo del rechazo/ });
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Validar y rechazar anuncio' }));
    expect(api.callsTo('POST', propertyDecisionPath)).toHaveLength(0);
    await user.type(reason, 'El precio no es el de la vivienda');
    await user.click(within(dialog).getByRole('button', { name: 'Validar y rechazar anuncio' }));
    expect(
      await screen.findByText('Se ha validado el inmueble y rechazado la validación del anuncio.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', propertyDecisionPath)[0]?.body).toEqual({
      validate: true,
      revision: 3,
      announcement: {
        id: ids.announcement,
        validate: false,
        revision: 2,
        reasons: 'El precio no es el de la vivienda',
      },
    });
  });

  it('rejecting the property says the announcement waits with it', async () => {
    mockApi({ ...agentSessionRoutes(), ...masterRoutes, [`GET ${reviewPath}`]: reviews(sentTogether()) });
    const user = userEvent.setup();
    renderReview();
    await user.click(await screen.findByRole('button', { name: 'Rechazar inmueble' }));
    expect(screen.getByRole('dialog', { name: 'Rechazar inmueble' })).toHaveTextContent(
      '«Piso luminoso en Getafe» seguirá pendiente y se revisará con el inmueble corregido.',
    );
  });

  it('offers no joint action once the property is validated', async () => {
    mockApi({
      ...agentSessionRoutes(),
      ...masterRoutes,
      [`GET ${reviewPath}`]: reviews(reviewWithRevision({ pendingRevision: null })),
    });
    renderReview();
    await screen.findByRole('region', { name: 'Validación del inmueble' });
    expect(screen.queryByRole('button', { name: 'Validar inmueble y anuncio' })).not.toBeInTheDocument();
  });
});
