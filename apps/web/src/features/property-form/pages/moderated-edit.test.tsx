import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingRevision, PropertyPage } from '@casaoferta/domain/schemas/listings';
import { mockApi, ok } from '../../../test/mock-api';
import { propertyId, provinces, municipalitiesOf, renderAt } from '../test-support';

afterEach(() => vi.unstubAllGlobals());

const approved = {
  street: 'Calle Mayor',
  streetNumber: '3',
  floorCode: null,
  blockCode: null,
  door: null,
  postalCode: '28013',
  provinceCode: '28',
  municipalityCode: '28079',
  propertyTypeCode: 'PTY001',
  statusCode: null,
  surfaceM2: 80,
  rooms: 3,
  bathrooms: 1,
  orientationCode: null,
  energyCertificationCode: null,
  emissionCertificationCode: null,
  features: [],
  protectedHousingCode: null,
  stageCode: null,
};

/** GET /api/property/{id} as the owner of a validated property sees it. */
function ownerPage(owner: {
  live: boolean;
  pendingRevision?: PendingRevision | null;
  validationStatus?: string;
}) {
  const page: PropertyPage = {
    id: propertyId,
    reference: 'CO-P1',
    ...approved,
    provinceName: 'Madrid',
    municipalityName: 'Madrid',
    images: [],
    ownerVerified: false,
    announcement: null,
    owner: {
      streetNumber: approved.streetNumber,
      door: null,
      postalCode: approved.postalCode,
      floorCode: null,
      blockCode: null,
      stageCode: null,
      validationStatus: owner.validationStatus ?? 'PSG001',
      validationReason: null,
      live: owner.live,
      revision: 3,
      pendingRevision: owner.pendingRevision ?? null,
    },
  };
  mockApi({
    'POST /api/masters/province': () => ok(provinces),
    'POST /api/masters/municipality': () => ok(municipalitiesOf['28']),
    [`GET /api/property/${propertyId}`]: () => ok(page),
  });
  renderAt(`/new-property/${propertyId}?section=venta`);
}

const liveNotice = 'Tu anuncio seguirá publicado con los datos actuales hasta que revisemos los cambios.';

describe('editing a validated property (decision 011)', () => {
  it('tells the owner before sending that the live announcement keeps the current data until reviewed', async () => {
    ownerPage({ live: true });
    expect(await screen.findByText(liveNotice)).toBeInTheDocument();
    expect(
      screen.getByText('Las fotos que añadas, quites o reordenes también se mostrarán cuando las aprobemos.'),
    ).toBeInTheDocument();
    // Shown before the form's first step, with nothing sent yet.
    expect(screen.getByRole('heading', { level: 2, name: /Paso 1 de 4/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument();
  });

  it('says the changes wait for review when nothing is live', async () => {
    ownerPage({ live: false });
    expect(
      await screen.findByText('El inmueble ya está validado: revisaremos los cambios antes de aplicarlos.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(liveNotice)).not.toBeInTheDocument();
  });

  it('shows no notice on a property not validated yet', async () => {
    ownerPage({ live: false, validationStatus: 'PSG002' });
    expect(await screen.findByLabelText(/^Calle/)).toHaveValue('Calle Mayor');
    expect(screen.queryByText(/revisaremos los cambios/)).not.toBeInTheDocument();
  });

  it('goes on from the pending revision, and says it waits for review', async () => {
    ownerPage({
      live: true,
      pendingRevision: {
        status: 'pending',
        reason: null,
        submittedAt: '2026-11-20T10:00:00.000Z',
        fields: { ...approved, street: 'Paseo del Prado', rooms: 4 },
      },
    });
    expect(
      await screen.findByText(
        'Tienes cambios pendientes de revisión. Si envías otros, sustituirán a los anteriores.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Calle/)).toHaveValue('Paseo del Prado');
  });

  it('shows why the last changes were not approved', async () => {
    ownerPage({
      live: true,
      pendingRevision: {
        status: 'rejected',
        reason: 'La calle no coincide con el catastro',
        submittedAt: '2026-11-20T10:00:00.000Z',
        fields: { ...approved, street: 'Paseo del Prado' },
      },
    });
    expect(
      await screen.findByText(
        'No hemos aprobado tus últimos cambios: La calle no coincide con el catastro. Corrígelos y vuelve a enviarlos.',
      ),
    ).toBeInTheDocument();
  });
});
