import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { ownerAnnouncement, propertyId, propertySummary, renderAt } from '../test-data';

// Issue 23 §1 and §12: every property is in Mis anuncios with its next step, and the offers are one tap
// from its card in every state that has any.

afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const own = { announcements: 0, nextAnnouncementId: null, tab: 'drafts' as const };
const properties = [
  propertySummary({ ...own, id: id(11), title: 'Calle Mayor 1, Madrid', validationStatus: 'PSG000' }),
  propertySummary({
    ...own,
    id: id(12),
    title: 'Calle Toledo 2, Madrid',
    validationStatus: 'PSG002',
    nextStep: 'propertyInValidation',
  }),
  propertySummary({
    ...own,
    id: id(13),
    title: 'Calle Atocha 3, Madrid',
    validationStatus: 'PSG001',
    nextStep: 'createAnnouncement',
  }),
  propertySummary({
    ...own,
    id: id(14),
    title: 'Calle Segovia 4, Madrid',
    validationStatus: 'PSG004',
    validationReason: 'Faltan las fotos del baño.',
    nextStep: 'correctProperty',
  }),
  // Its step is its announcement's: no card of its own.
  propertySummary({ id: id(15), title: 'Calle Huertas 5, Madrid' }),
].map((property, index) =>
  index === 0 ? { ...property, nextStep: 'continueProperty' as const, canDiscard: true } : property,
);
const published = ownerAnnouncement(1, { title: 'Ático con terraza', receivedOffers: 4, offersCount: 4 });

const card = (title: string) => {
  const item = screen.getByRole('heading', { name: title }).closest('li');
  if (!item) throw new Error(`no card for ${title}`);
  return within(item);
};
const actionNames = (title: string) =>
  [...screen.getByRole('group', { name: `Acciones de ${title}` }).querySelectorAll('a, button')].map(
    (element) => element.textContent,
  );

describe('/announcement-list: every property with its next step', () => {
  it('shows each property whose step is its own in its tab, with the step as its action', async () => {
    mockApi({
      'GET /api/announcement/in-progress': () => ok([published]),
      'GET /api/announcement/properties': () => ok(properties),
    });
    const user = userEvent.setup();
    renderAt('/announcement-list?tab=borradores');
    expect(await screen.findByRole('tab', { name: 'Borradores (4)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Activos (1)' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Tus inmuebles' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Calle Mayor 1, Madrid',
      'Calle Toledo 2, Madrid',
      'Calle Atocha 3, Madrid',
      'Calle Segovia 4, Madrid',
    ]);
    expect(screen.queryByRole('heading', { name: 'Calle Huertas 5, Madrid' })).toBeNull();

    expect(card('Calle Mayor 1, Madrid').getByText('Inmueble sin terminar')).toBeInTheDocument();
    expect(actionNames('Calle Mayor 1, Madrid')).toEqual(['Continuar', 'Descartar borrador']);
    expect(card('Calle Mayor 1, Madrid').getByRole('link', { name: 'Continuar' })).toHaveAttribute(
      'href',
      `/new-property/${id(11)}`,
    );

    // Sent to validation without its announcement: here, 'En validación', the announcement can be prepared.
    expect(card('Calle Toledo 2, Madrid').getByText('En validación')).toBeInTheDocument();
    expect(actionNames('Calle Toledo 2, Madrid')).toEqual(['Preparar el anuncio']);

    const rejected = card('Calle Segovia 4, Madrid');
    expect(rejected.getByText('Inmueble rechazado')).toBeInTheDocument();
    expect(
      rejected.getByText(
        'El inmueble fue rechazado: Faltan las fotos del baño. Corrígelo para poder publicar.',
      ),
    ).toBeInTheDocument();
    expect(rejected.getByRole('link', { name: 'Corregir' })).toHaveAttribute(
      'href',
      `/new-property/${id(14)}`,
    );

    // Validated: 'Validado: crea el anuncio', and the button opens the three kinds.
    const validated = card('Calle Atocha 3, Madrid');
    expect(validated.getByText('Validado')).toBeInTheDocument();
    expect(validated.getByText(/^Validado: crea el anuncio/)).toBeInTheDocument();
    const create = validated.getByRole('button', { name: 'Crear el anuncio' });
    expect(create).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: '¿Qué anuncio quieres crear?' })).toBeNull();
    await user.click(create);
    expect(create).toHaveAttribute('aria-expanded', 'true');
    const kinds = within(screen.getByRole('group', { name: '¿Qué anuncio quieres crear?' }));
    expect(kinds.getByRole('link', { name: 'De venta' })).toHaveAttribute(
      'href',
      `/new-announcement-venta/${id(13)}`,
    );
    expect(kinds.getByRole('link', { name: 'De alquiler' })).toHaveAttribute(
      'href',
      `/new-announcement-alquiler/${id(13)}`,
    );
    await user.click(kinds.getByRole('link', { name: 'De habitación' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/new-announcement-alquiler-habitacion/${id(13)}`,
    );
  });

  it('opens on Borradores when the owner has only a property in validation, never on an empty page', async () => {
    const [, inValidation] = properties;
    mockApi({
      'GET /api/announcement/in-progress': () => ok([]),
      'GET /api/announcement/properties': () => ok(inValidation ? [inValidation] : []),
    });
    renderAt('/announcement-list');
    expect(await screen.findByRole('tab', { name: 'Borradores (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(card('Calle Toledo 2, Madrid').getByText('En validación')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Todavía no tienes anuncios' })).toBeNull();
  });
});

describe("/announcement-list: 'Ofertas (n)' on the card", () => {
  it.each([
    ['AST001', 'activos'],
    ['AST003', 'activos'],
    ['AST004', 'activos'],
    ['AST008', 'finalizados'],
    ['AST006', 'finalizados'],
    ['AST005', 'finalizados'],
  ])(
    'links to the offers of an announcement in %s that received any, current or past',
    async (status, tab) => {
      const announcement = ownerAnnouncement(2, {
        title: 'Piso con ofertas',
        statusCode: status,
        offersCount: 0,
        receivedOffers: 6,
      });
      mockApi({
        'GET /api/announcement/in-progress': () => ok([announcement]),
        'GET /api/announcement/properties': () => ok([]),
      });
      const user = userEvent.setup();
      renderAt(`/announcement-list?tab=${tab}`);
      const link = await screen.findByRole('link', { name: 'Ofertas (6)' });
      expect(link).toHaveAttribute('href', `/property/${propertyId}/offers`);
      await user.click(link);
      expect(screen.getByTestId('location')).toHaveTextContent(`/property/${propertyId}/offers`);
    },
  );

  it('has no offers link without offers, nor on a draft, and says Solicitudes for visit requests', async () => {
    mockApi({
      'GET /api/announcement/in-progress': () =>
        ok([
          ownerAnnouncement(3, { title: 'Sin ofertas', receivedOffers: 0, offersCount: 0 }),
          ownerAnnouncement(4, { title: 'Solo visitas', offerTypeCode: 'AOT002', receivedOffers: 2 }),
          ownerAnnouncement(5, { title: 'Borrador', statusCode: 'AST000', receivedOffers: 0 }),
        ]),
      'GET /api/announcement/properties': () => ok([]),
    });
    renderAt('/announcement-list?tab=activos');
    await screen.findByRole('heading', { name: 'Solo visitas' });
    expect(card('Solo visitas').getByRole('link', { name: 'Solicitudes (2)' })).toBeInTheDocument();
    expect(card('Sin ofertas').queryByRole('link', { name: /^Ofertas/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Borrador' })).toBeNull();
  });
});
