import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';

const page = () => ({ default: () => <p>Página cargada</p> });

function renderInBoundary(element: React.ReactNode, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RouteErrorBoundary>
        <Suspense fallback={<p>Cargando</p>}>{element}</Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

describe('<RouteErrorBoundary/>', () => {
  beforeEach(() => {
    // React reports every error a boundary catches; the test checks what the person sees instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the load error of a chunk that failed, and Reintentar imports it again', async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof page>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(page());
    const Page = lazyPage(load);
    renderInBoundary(<Page />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'No se ha podido cargar la página.' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));

    expect(await screen.findByText('Página cargada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops a failed preload, so the next render imports again', async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof page>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(page());
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('No se ha podido cargar la página.');
    renderInBoundary(<Page />);
    expect(await screen.findByText('Página cargada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the Spanish error of SPEC 8 for a page that fails to render, with Reintentar', async () => {
    let broken = true;
    function Fragile() {
      if (broken) throw new Error('render failed');
      return <p>Ya funciona</p>;
    }
    renderInBoundary(<Fragile />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Ha ocurrido un error al mostrar la página.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(screen.getByText('Ya funciona')).toBeInTheDocument();
  });

  it('lets the visitor leave: another route renders normally', async () => {
    function Broken(): React.ReactNode {
      throw new Error('render failed');
    }
    render(
      <MemoryRouter initialEntries={['/roto']}>
        <Link to="/otra">Ir a otra página</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/roto" element={<Broken />} />
            <Route path="/otra" element={<p>Otra página</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Ir a otra página' }));
    expect(screen.getByText('Otra página')).toBeInTheDocument();
  });
});
