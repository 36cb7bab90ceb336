import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { image, propertyId, renderAt } from '../test-support';

afterEach(() => vi.unstubAllGlobals());

const announcementId = '22222222-2222-4222-8222-222222222222';

const announcement = (overrides: Record<string, unknown> = {}) => ({
  id: announcementId,
  propertyId,
  reference: 'CO-0042',
  typeCode: 'ATY002',
  offerTypeCode: 'AOT001',
  statusCode: 'AST000',
  statusReason: null,
  propertyValidationStatus: 'PSG002',
  propertyValidationReason: null,
  title: 'Piso en Madrid',
  price: 1250,
  highestOffer: null,
  offersCount: 0,
  publishedAt: null,
  endsAt: null,
  daysLeft: null,
  image: null,
  details: {},
  actions: {
    canEdit: true,
    canPublish: true,
    canWithdraw: false,
    canDiscardDraft: true,
    canCloseBidding: false,
    canReactivate: false,
    canRequestReview: false,
  },
  ...overrides,
});

const property = (validationStatus: string, validationReason: string | null = null) => ({
  id: propertyId,
  reference: 'CO-0042',
  propertyTypeCode: 'PTY001',
  statusCode: 'PST003',
  surfaceM2: 1200,
  rooms: 3,
  bathrooms: 2,
  floorCode: 'PFL006',
  orientationCode: 'POR002',
  energyCertificationCode: null,
  emissionCertificationCode: null,
  protectedHousingCode: null,
  features: ['PAF001', 'PAF002'],
  provinceCode: '28',
  provinceName: 'Madrid',
  municipalityCode: '28079',
  municipalityName: 'Madrid',
  street: 'Calle Mayor',
  images: [image(1), image(2)],
  announcement: null,
  owner: {
    streetNumber: '3',
    door: 'B',
    postalCode: '28013',
    floorCode: 'PFL006',
    blockCode: null,
    stageCode: null,
    validationStatus,
    validationReason,
  },
});

const routes = (validation: string, reason: string | null = null) => ({
  [`GET /api/announcement/${announcementId}`]: () => ok(announcement()),
  [`GET /api/property/${propertyId}`]: () => ok(property(validation, reason)),
});

describe('/new-property-publication', () => {
  it('summarises the property and the announcement with their labels', async () => {
    mockApi(routes('PSG002'));
    renderAt(`/new-property-publication?announcementId=${announcementId}`);
    expect(await screen.findByText('Piso en Madrid')).toBeInTheDocument();
    expect(screen.getByText('Calle Mayor 3, 2ª planta, Puerta B')).toBeInTheDocument();
    expect(screen.getByText('28013 Madrid (Madrid)')).toBeInTheDocument();
    expect(screen.getByText('1.200 m²')).toBeInTheDocument();
    expect(screen.getByText('Ascensor, Terraza')).toBeInTheDocument();
    expect(screen.getByText('Alquiler de vivienda completa')).toBeInTheDocument();
    expect(screen.getByText('1.250 €/mes')).toBeInTheDocument();
    expect(screen.getByText('Ofertas de precio')).toBeInTheDocument();
    expect(screen.getByText('Pendiente de validación')).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });

  it('has a way back to the form and says what publishing does next', async () => {
    mockApi(routes('PSG001'));
    renderAt(`/new-property-publication?announcementId=${announcementId}`);
    expect(await screen.findByRole('link', { name: 'Editar anuncio' })).toHaveAttribute(
      'href',
      `/new-announcement-alquiler/${propertyId}/${announcementId}`,
    );
    expect(
      screen.getByText(
        'Al publicarlo, nuestro equipo revisará el anuncio (normalmente en menos de 24 horas) y te avisaremos en cuanto se vea en Casaoferta.',
      ),
    ).toBeInTheDocument();
  });

  it('explains PROPERTY_NOT_VALIDATED and the 24 h validation', async () => {
    mockApi({
      ...routes('PSG002'),
      [`POST /api/announcement/${announcementId}/publish`]: () => fail(422, 'PROPERTY_NOT_VALIDATED'),
    });
    const user = userEvent.setup();
    renderAt(`/new-property-publication?announcementId=${announcementId}`);
    await user.click(await screen.findByRole('button', { name: 'Publicar anuncio' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'El inmueble todavía no está validado por nuestro equipo. Podrás publicar en cuanto lo esté.',
    );
    expect(alert).toHaveTextContent('Nuestro equipo valida los inmuebles en menos de 24 horas.');
  });

  it('publishes and says the announcement is in review', async () => {
    const api = mockApi({
      ...routes('PSG001'),
      [`POST /api/announcement/${announcementId}/publish`]: () => ok(announcement({ statusCode: 'AST002' })),
    });
    const user = userEvent.setup();
    renderAt(`/new-property-publication?announcementId=${announcementId}`);
    expect(await screen.findByText('Validado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publicar anuncio' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Tu anuncio está en revisión. Te avisaremos cuando se publique.',
      }),
    ).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Ir a mis anuncios' })).toHaveAttribute(
      'href',
      '/announcement-list',
    );
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/publish`)).toHaveLength(1);
  });

  it('sends the announcement while the property is in validation: both reviewed together (issue 23 point 6)', async () => {
    const api = mockApi({
      ...routes('PSG002'),
      [`POST /api/announcement/${announcementId}/publish`]: () => ok(announcement({ statusCode: 'AST002' })),
    });
    const user = userEvent.setup();
    renderAt(`/new-property-publication?announcementId=${announcementId}`);
    expect(await screen.findByText('Pendiente de validación')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Tu inmueble está en validación: puedes enviar ya el anuncio y nuestro equipo revisará los dos juntos (normalmente en menos de 24 horas). Te avisaremos en cuanto se vea en Casaoferta.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Podrás publicar el anuncio en cuanto/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publicar anuncio' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Tu inmueble y tu anuncio están en revisión. Te avisaremos con un solo mensaje cuando se publique.',
      }),
    ).toHaveFocus();
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/publish`)).toHaveLength(1);
  });

  it('shows a rejected property with its reason and keeps publishing off', async () => {
    mockApi({
      ...routes('PSG004', 'La dirección no existe'),
      [`GET /api/announcement/${announcementId}`]: () =>
        ok(announcement({ actions: { ...announcement().actions, canPublish: false } })),
    });
    renderAt(`/new-property-publication?announcementId=${announcementId}`);
    expect(await screen.findByText('Rechazado: La dirección no existe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publicar anuncio' })).toBeDisabled();
  });
});
