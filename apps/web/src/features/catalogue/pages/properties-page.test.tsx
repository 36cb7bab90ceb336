import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import type { ApiCall } from '../../../test/mock-api';
import { resetSearchStore } from '../search-store';
import { cards } from '../test-data';
import PropertiesPage from './properties-page';

const SEARCH = 'POST /api/announcement/search';

function Location() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="search">{location.search}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Atrás
      </button>
    </>
  );
}

function renderPage(entry = '/properties') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/properties" element={<PropertiesPage />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

/** Three pages: 24 + 24 + 18 cards, chained by cursors. */
const paged = (call: ApiCall) => {
  const { cursor } = call.body as { cursor?: string };
  if (cursor === 'c2') return ok({ items: cards(49, 18), nextCursor: null });
  if (cursor === 'c1') return ok({ items: cards(25, 24), nextCursor: 'c2' });
  return ok({ items: cards(1, 24), nextCursor: 'c1' });
};

const bodies = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('POST', '/api/announcement/search').map((c) => c.body);
const search = () => screen.getByTestId('search').textContent;
const cardLinks = () =>
  within(screen.getByRole('list', { name: 'Anuncios disponibles' })).getAllByRole('link');

beforeEach(() => resetSearchStore());
afterEach(() => vi.unstubAllGlobals());

describe('/properties', () => {
  it('shows the first page, then appends the next ones with the cursor', async () => {
    const api = mockApi({ [SEARCH]: () => paged });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent(/Buscando anuncios|Mostrando 24/);
    await screen.findByText('Mostrando 24 anuncios; hay más');
    expect(cardLinks()).toHaveLength(24);
    expect(bodies(api)[0]).toEqual({ sort: 'newest', limit: 24 });

    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    await screen.findByText('Mostrando 48 anuncios; hay más');
    expect(bodies(api)[1]).toEqual({ sort: 'newest', cursor: 'c1', limit: 24 });
    expect(cardLinks()[24]).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    await screen.findByText('66 anuncios encontrados');
    expect(cardLinks()).toHaveLength(66);
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });

  it('sends the URL filters and writes kind, sort and text back to the URL', async () => {
    const api = mockApi({ [SEARCH]: () => paged });
    const user = userEvent.setup();
    renderPage('/properties?province=28&features=PAF001&pets=true');
    await screen.findByText('Mostrando 24 anuncios; hay más');
    expect(bodies(api)[0]).toMatchObject({ provinceCode: '28', features: ['PAF001'], pets: true });

    await user.click(screen.getByRole('button', { name: 'Alquilar' }));
    expect(search()).toBe('?kind=alquiler&province=28&features=PAF001&pets=true');
    expect(screen.getByRole('button', { name: 'Alquilar' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'price-asc');
    await user.type(
      screen.getByRole('searchbox', { name: 'Busca por ciudad, barrio o calle' }),
      'chueca{Enter}',
    );
    expect(search()).toBe('?kind=alquiler&q=chueca&sort=price-asc&province=28&features=PAF001&pets=true');
    await waitFor(() =>
      expect(bodies(api).at(-1)).toMatchObject({ kind: 'alquiler', q: 'chueca', sort: 'price-asc' }),
    );

    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(search()).toBe('?kind=alquiler&sort=price-asc&province=28&features=PAF001&pets=true');
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('shows active filters as chips with place names, and removes them', async () => {
    mockApi({
      [SEARCH]: () => paged,
      'POST /api/masters/province': () => ok([{ code: '08', label: 'Barcelona' }]),
      'POST /api/masters/municipality': () => ok([{ code: '08205', label: 'Sant Cugat del Vallès' }]),
    });
    const user = userEvent.setup();
    renderPage('/properties?province=08&municipality=08205&priceMax=1500&features=PAF001');
    await user.click(await screen.findByRole('button', { name: 'Quitar filtro: Precio: hasta 1.500 €' }));
    expect(search()).toBe('?province=08&municipality=08205&features=PAF001');
    expect(screen.getByRole('button', { name: 'Quitar filtro: Ascensor' })).toHaveFocus();
    await screen.findByRole('button', { name: 'Quitar filtro: Sant Cugat del Vallès' });
    await user.click(screen.getByRole('button', { name: 'Quitar filtro: Barcelona' }));
    expect(search()).toBe('?features=PAF001');
    await user.click(screen.getByRole('button', { name: 'Quitar filtro: Ascensor' }));
    expect(search()).toBe('');
    expect(screen.getByRole('button', { name: 'Filtros' })).toHaveFocus();
  });

  it('says when nothing matches and clears every filter', async () => {
    mockApi({
      [SEARCH]: () => (call: ApiCall) =>
        (call.body as { kind?: string }).kind ? ok({ items: [], nextCursor: null }) : paged(call),
    });
    const user = userEvent.setup();
    renderPage('/properties?kind=habitacion&rooms=4');
    expect(
      await screen.findByRole('heading', { name: 'No hay anuncios con estos filtros' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 anuncios encontrados');
    await user.click(
      within(screen.getByText('No hay anuncios con estos filtros').parentElement as HTMLElement).getByRole(
        'button',
        { name: 'Borrar filtros' },
      ),
    );
    expect(search()).toBe('');
    expect(await screen.findByText('Mostrando 24 anuncios; hay más')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let failing = true;
    mockApi({ [SEARCH]: () => (call: ApiCall) => (failing ? fail(500, 'INTERNAL_ERROR') : paged(call)) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido cargar los anuncios');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Mostrando 24 anuncios; hay más')).toBeInTheDocument();
  });

  it('applies the filter sheet to the URL', async () => {
    const api = mockApi({
      [SEARCH]: () => paged,
      'POST /api/masters/province': () => ok([{ code: '08', label: 'Barcelona' }]),
      'POST /api/masters/municipality': () => ok([{ code: '08019', label: 'Barcelona' }]),
    });
    const user = userEvent.setup();
    renderPage('/properties?kind=alquiler');
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filtros' });
    const province = within(sheet).getByLabelText('Provincia');
    await within(province).findByRole('option', { name: 'Barcelona' });
    await user.selectOptions(province, '08');
    await user.type(within(sheet).getByLabelText('Precio mínimo'), '900');
    await user.type(within(sheet).getByLabelText('Precio máximo'), '500');
    await user.click(within(sheet).getByLabelText('3+'));
    await user.click(within(sheet).getByLabelText('Terraza'));
    await user.click(within(sheet).getByLabelText('Admite mascotas'));
    await user.click(within(sheet).getByRole('button', { name: 'Ver resultados' }));
    expect(within(sheet).getByText('El mínimo no puede superar al máximo.')).toBeInTheDocument();
    await user.clear(within(sheet).getByLabelText('Precio máximo'));
    await user.type(within(sheet).getByLabelText('Precio máximo'), '1500');
    await user.click(within(sheet).getByRole('button', { name: 'Ver resultados' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(search()).toBe(
      '?kind=alquiler&province=08&priceMin=900&priceMax=1500&rooms=3&features=PAF002&pets=true',
    );
    expect(screen.getByRole('button', { name: 'Filtros (5)' })).toHaveFocus();
    await waitFor(() =>
      expect(bodies(api).at(-1)).toMatchObject({
        kind: 'alquiler',
        provinceCode: '08',
        roomsMin: 3,
        priceMin: 900,
      }),
    );
  });

  it('lands on the results with ?section=available-properties', async () => {
    mockApi({ [SEARCH]: () => paged });
    const scrollIntoView = vi.fn();
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    onTestFinished(() => {
      if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
      else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    renderPage('/properties?section=available-properties');
    await screen.findByText('Mostrando 24 anuncios; hay más');
    expect(scrollIntoView).toHaveBeenCalled();
    expect(scrollIntoView.mock.contexts[0]).toHaveAttribute('id', 'available-properties');
  });

  it('keeps loading while the end of the list is in view, once the user asked for more', async () => {
    const callbacks: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          callbacks.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const api = mockApi({ [SEARCH]: () => paged });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Mostrando 24 anuncios; hay más');
    expect(callbacks).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    await screen.findByText('Mostrando 48 anuncios; hay más');
    const inView = [{ isIntersecting: true }] as IntersectionObserverEntry[];
    act(() => callbacks.at(-1)?.(inView, {} as IntersectionObserver));
    expect(await screen.findByText('66 anuncios encontrados')).toBeInTheDocument();
    expect(bodies(api).map((body) => (body as { cursor?: string }).cursor)).toEqual([undefined, 'c1', 'c2']);
  });
});
