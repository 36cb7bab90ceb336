import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PropertyPage as Property } from '@casaoferta/domain/schemas/listings';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { getChatSubject } from '../../../shared/chat-subject';
import { propertyId, sampleProperty } from '../test-data';
import PropertyNotFoundPage from './property-not-found-page';
import PropertyPage from './property-page';
import type { RenderOfferAction } from '../components/price-box';

const route = `GET /api/property/${propertyId}`;

/** Stands in for the offer button the app plugs in: it shows what the page hands it. */
const offerSlot: RenderOfferAction = ({ property, describedBy }) => (
  <button type="button" aria-describedby={describedBy}>{`Ofertar en ${property.reference}`}</button>
);

function renderPage(id = propertyId) {
  return render(
    <MemoryRouter initialEntries={[`/property/${id}`]}>
      <Routes>
        <Route path="/property/:id" element={<PropertyPage renderOfferAction={offerSlot} />} />
        <Route path="/property/:id/not-found" element={<PropertyNotFoundPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const withAnnouncement = (changes: Partial<NonNullable<Property['announcement']>>) => {
  const base = sampleProperty();
  return sampleProperty({ announcement: base.announcement && { ...base.announcement, ...changes } });
};

/** Text as read aloud: the price beside the phone's sticky button is a copy for the eye (aria-hidden). */
const spoken = { ignore: '[aria-hidden="true"], script, style' };

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

// jsdom does not implement scrolling; the page scrolls to the top on arrival.
beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => vi.unstubAllGlobals());

describe('/property/:id', () => {
  it("offers its owner 'Gestionar anuncio' instead of the offer button", async () => {
    const owner = {
      streetNumber: '12',
      door: '3B',
      postalCode: '46004',
      floorCode: null,
      blockCode: null,
      stageCode: null,
      validationStatus: 'PSG003',
      validationReason: null,
      live: true,
      revision: 1,
      pendingRevision: null,
    };
    mockApi({ [route]: () => ok(sampleProperty({ owner })) });
    renderPage();
    const manage = await screen.findByRole('link', { name: 'Gestionar anuncio' });
    expect(manage).toHaveAttribute('href', `/property-detail/${propertyId}`);
    expect(manage).toHaveAccessibleDescription(/Es tu anuncio/);
    expect(screen.queryByRole('button', { name: /^Ofertar/ })).not.toBeInTheDocument();
  });

  it('shows a sale with Spanish labels, its costs and the offer button with its note', async () => {
    mockApi({ [route]: () => ok(sampleProperty()) });
    renderPage();
    const title = 'Piso en venta en Ruzafa, Valencia';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · Casaoferta`));
    expect(getChatSubject()).toEqual({ title, reference: 'CO-2HDQ' });
    expect(
      screen.getByText('Valencia (Valencia/València) · Gran Via de Ferran el Catòlic'),
    ).toBeInTheDocument();

    expect(screen.getByText('Precio de referencia')).toBeInTheDocument();
    expect(screen.getByText('250.000 €', spoken)).toBeInTheDocument();
    expect(screen.getByText('245.000 €')).toBeInTheDocument();
    expect(screen.getByText('4 ofertas recibidas')).toBeInTheDocument();
    const offer = screen.getByRole('button', { name: 'Ofertar en CO-2HDQ' });
    expect(offer).toHaveAccessibleDescription(
      'Propón tu precio: el propietario ve todas las ofertas y elige.',
    );

    expect(fact('Tipo de inmueble')).toBe('Piso');
    expect(fact('Superficie')).toBe('102 m²');
    expect(fact('Planta')).toBe('8ª planta');
    expect(fact('Orientación')).toBe('Sureste');
    expect(fact('Certificado energético')).toBe('C');
    expect(fact('Certificado de emisiones')).toBe('D');
    expect(fact('Estado')).toBe('Reformado');
    expect(fact('Régimen')).toBe('Vivienda libre (no protegida)');
    const features = screen.getByRole('heading', { name: 'Equipamiento' }).nextElementSibling as HTMLElement;
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ascensor', 'Aire acondicionado']);
    expect(fact('Gastos de comunidad')).toBe('80 €/mes');
    expect(fact('IBI')).toBe('450 €/año');
    expect(screen.getByRole('img', { name: `Foto 1 de 3: ${title}` })).toBeInTheDocument();
  });

  it("hands the offer slot the viewer's own offer, its note, and reads the page again when the offers change live", async () => {
    const base = sampleProperty();
    const announcementId = base.announcement?.id ?? '';
    let reads = 0;
    const mine = {
      id: 'f0000000-0000-4000-8000-000000000001',
      amount: 245_000,
      statusCode: 'OSC001' as const,
    };
    const api = mockApi({
      [route]: () => {
        reads += 1;
        // The first read: mine is the highest; after another candidate's offer, it is not.
        return ok({ ...base, yourOffer: { ...mine, isVisitRequest: false, isHighest: reads === 1 } });
      },
      [`GET /api/announcement/${announcementId}/events`]: () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              const event = {
                type: 'summary',
                announcementId,
                statusCode: 'AST001',
                highestOffer: 246_000,
                offersCount: 5,
              };
              controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`));
            },
          }),
          { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
        ),
    });
    const ownSlot: RenderOfferAction = ({ property, describedBy }) => (
      <button type="button" aria-describedby={describedBy}>
        {property.yourOffer?.isHighest ? 'La mía es la más alta' : 'Hay una más alta'}
      </button>
    );
    render(
      <MemoryRouter initialEntries={[`/property/${propertyId}`]}>
        <Routes>
          <Route path="/property/:id" element={<PropertyPage renderOfferAction={ownSlot} />} />
        </Routes>
      </MemoryRouter>,
    );
    // The price beside the phone's button gives its place to the offer; the note speaks of it.
    const outbid = await screen.findByRole('button', { name: 'Hay una más alta' });
    expect(outbid).toHaveAccessibleDescription(
      'El propietario ve tu oferta. Puedes cambiarla o retirarla mientras no haya decidido.',
    );
    expect(document.querySelector('.price-box__action-price')).toBeNull();
    expect(api.callsTo('GET', `/api/property/${propertyId}`)).toHaveLength(2);
  });

  // Issue 23 point 13: the arras the seller asks for, in euros on the price.
  it('shows the arras a sale states', async () => {
    const base = sampleProperty();
    if (!base.announcement) throw new Error('sample without announcement');
    const announcement = {
      ...base.announcement,
      price: 245_000,
      details: { ...base.announcement.details, arras: { typeCode: 'ARS001', unit: 'percent', value: 10 } },
    };
    mockApi({ [route]: () => ok({ ...base, announcement }) });
    renderPage();
    expect(await screen.findByText('Arras penitenciales')).toBeInTheDocument();
    expect(screen.getByText(/^10\s% del precio \(24\.500 €\)$/)).toBeInTheDocument();
  });

  it('shows the price history, newest first, in Spanish dates of Madrid', async () => {
    const year = new Date().getFullYear();
    mockApi({
      [route]: () =>
        ok(
          withAnnouncement({
            priceHistory: [
              { oldPrice: 260_000, newPrice: 250_000, changedAt: `${year}-11-03T10:00:00.000Z` },
              { oldPrice: 255_000, newPrice: 260_000, changedAt: `${year - 1}-10-31T23:30:00.000Z` },
            ],
          }),
        ),
    });
    renderPage();
    const list = await screen.findByRole('region', { name: 'Historial de precio' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Bajó 10.000 € el 3 de noviembre',
      // 23:30 UTC on 31 October is 1 November in Madrid.
      `Subió 5.000 € el 1 de noviembre de ${year - 1}`,
    ]);
  });

  it('shows no price history when the price never changed', async () => {
    mockApi({ [route]: () => ok(sampleProperty()) });
    renderPage();
    expect(await screen.findByText('Referencia CO-2HDQ')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Historial de precio' })).toBeNull();
  });

  it("shows 'Propietario verificado' only when an agent verified the owner", async () => {
    mockApi({ [route]: () => ok(sampleProperty({ ownerVerified: true })) });
    const { unmount } = renderPage();
    expect(await screen.findByText('Propietario verificado')).toBeInTheDocument();
    unmount();
    mockApi({ [route]: () => ok(sampleProperty()) });
    renderPage();
    expect(await screen.findByText('Referencia CO-2HDQ')).toBeInTheDocument();
    expect(screen.queryByText('Propietario verificado')).toBeNull();
  });

  it('marks up a schema.org Product with its Offer and address', async () => {
    mockApi({ [route]: () => ok(sampleProperty()) });
    const { container } = renderPage();
    await screen.findByRole('heading', { level: 1 });
    const product = container.querySelector('[itemtype="https://schema.org/Product"]');
    expect(product?.querySelector('[itemprop="name"]')).toHaveTextContent(
      'Piso en venta en Ruzafa, Valencia',
    );
    const offer = product?.querySelector('[itemprop="offers"][itemtype="https://schema.org/Offer"]');
    expect(offer?.querySelector('meta[itemprop="price"]')).toHaveAttribute('content', '250000');
    expect(offer?.querySelector('meta[itemprop="priceCurrency"]')).toHaveAttribute('content', 'EUR');
    expect(offer?.querySelector('meta[itemprop="addressLocality"]')).toHaveAttribute('content', 'Valencia');
    expect(document.querySelector('script')).toBeNull();
  });

  it('shows a fixed-price rental per month with its conditions', async () => {
    const rental = withAnnouncement({
      typeCode: 'ATY002',
      offerTypeCode: 'AOT002',
      price: 1250,
      highestOffer: null,
      offersCount: 0,
      petsAllowed: true,
      furnished: true,
      availableFrom: '2026-12-01',
      details: { depositCode: 'ADP001', contractDurationCode: 'ACD002', registrationCode: 'ARR001' },
    });
    mockApi({ [route]: () => ok(rental) });
    renderPage();
    expect(await screen.findByText('1.250 €/mes', spoken)).toBeInTheDocument();
    expect(screen.getByText('Precio fijo: solicita una visita')).toBeInTheDocument();
    const visit = screen.getByRole('button', { name: /^Ofertar en/ });
    // A listing of visit requests says so: no word of offers in its note.
    expect(visit).toHaveAccessibleDescription(
      'El propietario revisa cada solicitud con tus datos y te contacta para la visita.',
    );
    expect(screen.queryByText(/ofertas/i)).not.toBeInTheDocument();
    expect(screen.queryByText('Precio de referencia')).not.toBeInTheDocument();
    expect(fact('Fianza')).toBe('1 mes (fianza legal de vivienda)');
    expect(fact('Duración del contrato')).toBe('1 año, prorrogable según la LAU');
    expect(fact('Empadronamiento')).toBe('Empadronamiento permitido');
    expect(fact('Mascotas')).toBe('Se admiten');
    expect(fact('Amueblado')).toBe('Sí');
    expect(fact('Disponible desde')).toBe('1 de diciembre de 2026');
    expect(screen.queryByText('Garantía adicional')).not.toBeInTheDocument();
  });

  it('shows the room and the household for a room', async () => {
    const room = withAnnouncement({
      typeCode: 'ATY001',
      price: 360,
      details: {
        roomTypeCode: 'PRT001',
        bedTypeCode: 'ABT004',
        windowTypeCode: 'AWT001',
        cohabitants: 2,
        genderPreferenceCode: 'AGP001',
        lifestyleCodes: ['ALS001', 'ALS009'],
        expensesIncluded: true,
      },
    });
    mockApi({ [route]: () => ok(room) });
    renderPage();
    expect(await screen.findByText('360 €/mes', spoken)).toBeInTheDocument();
    expect(fact('Tipo de habitación')).toBe('Individual');
    expect(fact('Cama')).toBe('Doble (150 cm)');
    expect(fact('Ventana')).toBe('Exterior');
    expect(fact('Personas que conviven')).toBe('2');
    expect(fact('Preferencia de convivientes')).toBe('Indiferente');
    expect(fact('Estilo de vida')).toBe('Tranquilo, Ordenado');
    expect(fact('Gastos incluidos')).toBe('Sí');
  });

  it('replaces the URL with the not-found page on 404', async () => {
    mockApi({ [route]: () => fail(404, 'NOT_FOUND') });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Este anuncio ya no está disponible' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todos los inmuebles' })).toHaveAttribute(
      'href',
      '/properties',
    );
    expect(screen.getByRole('link', { name: 'Ver viviendas en alquiler' })).toHaveAttribute(
      'href',
      '/properties?kind=alquiler',
    );
  });

  it('treats an id that is not a uuid (400) as not found', async () => {
    mockApi({ 'GET /api/property/abc': () => fail(400, 'INVALID_INPUT', 'id') });
    renderPage('abc');
    expect(await screen.findByText('Este anuncio ya no está disponible')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let failing = true;
    mockApi({ [route]: () => (failing ? fail(500, 'INTERNAL_ERROR') : ok(sampleProperty())) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido cargar este inmueble');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Piso en venta en Ruzafa');
  });
});
