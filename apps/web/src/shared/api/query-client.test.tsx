import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { QueryProvider } from './query-client';
import { clearQueryCache } from './query-cache';

function Listing({ load }: { load: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['test', 'listing'], queryFn: load });
  return (
    <>
      <p>{query.data ?? 'Cargando…'}</p>
      <Link to="/otra">Otra página</Link>
    </>
  );
}

function Saver({ save }: { save: () => Promise<void> }) {
  const mutation = useMutation({ mutationFn: save });
  return (
    <>
      <button type="button" onClick={() => mutation.mutate()}>
        Guardar
      </button>
      {mutation.isSuccess && <p>Guardado</p>}
      <Link to="/">Volver</Link>
    </>
  );
}

// Two pages, each with its own QueryProvider, as the lazy pages have.
function ListingPage({ load }: { load: () => Promise<string> }) {
  return (
    <QueryProvider>
      <Listing load={load} />
    </QueryProvider>
  );
}

function SaverPage({ save }: { save: () => Promise<void> }) {
  return (
    <QueryProvider>
      <Saver save={save} />
    </QueryProvider>
  );
}

function renderPages(load: () => Promise<string>, save: () => Promise<void> = () => Promise.resolve()) {
  return render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<ListingPage load={load} />} />
        <Route path="/otra" element={<SaverPage save={save} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('QueryProvider: one client for the whole app', () => {
  it('keeps the cache across a navigation: coming back shows the data at once', async () => {
    // The second load never ends: what shows on the way back can only come from the cache.
    const load = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('Tres anuncios')
      .mockReturnValue(new Promise<string>(() => undefined));
    renderPages(load);
    expect(await screen.findByText('Tres anuncios')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Otra página' }));
    await userEvent.click(screen.getByRole('link', { name: 'Volver' }));
    expect(screen.getByText('Tres anuncios')).toBeInTheDocument();
  });

  it('forgets everything when the person changes (clearQueryCache)', async () => {
    const load = vi.fn(() => Promise.resolve('Datos de Carmen'));
    const { unmount } = renderPages(load);
    expect(await screen.findByText('Datos de Carmen')).toBeInTheDocument();
    unmount();
    clearQueryCache();
    renderPages(() => new Promise<string>(() => undefined));
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
  });

  it('after a change is saved, a page left behind loads afresh instead of showing old data', async () => {
    let answer = Promise.resolve('Versión antigua');
    renderPages(() => answer);
    expect(await screen.findByText('Versión antigua')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Otra página' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Guardado');
    answer = new Promise<string>(() => undefined);
    await userEvent.click(screen.getByRole('link', { name: 'Volver' }));
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    expect(screen.queryByText('Versión antigua')).not.toBeInTheDocument();
  });
});
