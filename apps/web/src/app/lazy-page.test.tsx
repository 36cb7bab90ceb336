import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage, loadWithTimeout } from './lazy-page';

describe('loadWithTimeout (SPEC 9: load error after 120 s)', () => {
  it('resolves with the module when it loads', async () => {
    const module = { default: () => null };
    await expect(loadWithTimeout(() => Promise.resolve(module))).resolves.toBe(module);
  });

  it('rejects when the chunk does not arrive in time', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise<{ default: () => null }>(() => undefined), 120_000);
    const assertion = expect(pending).rejects.toThrow('No se ha podido cargar la página.');
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
    vi.useRealTimers();
  });
});

describe('lazyPage', () => {
  const page = () => ({ default: () => <p>Página cargada</p> });

  it('suspends until its chunk arrives', async () => {
    const Page = lazyPage(() => Promise.resolve(page()));
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Cargando')).toBeInTheDocument();
    expect(await screen.findByText('Página cargada')).toBeInTheDocument();
  });

  it('renders at once after preload, without the fallback', async () => {
    const load = vi.fn(() => Promise.resolve(page()));
    const Page = lazyPage(load);
    await Page.preload();
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Página cargada')).toBeInTheDocument();
    expect(screen.queryByText('Cargando')).not.toBeInTheDocument();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
