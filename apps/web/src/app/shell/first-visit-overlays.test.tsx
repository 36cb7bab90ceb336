import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveCookiePreferences, rejectAllCookiePreferences } from '../../shared/consent';
import { CookieBanner } from './cookie-banner';
import { closeCookieSettings } from '../../shared/shell-state';
import { Tutorial } from './tutorial';
import { resetTutorialMemory } from './tutorial-state';
import { resetCookieChoiceMemory } from './cookie-choice';

// The dialogs are lazy chunks: loaded up front, so "not shown" never means "not arrived yet".
beforeAll(async () => {
  await import('./tutorial-dialog');
  await import('./cookie-dialogs');
});

afterEach(() => {
  vi.useRealTimers();
  act(() => closeCookieSettings());
  resetTutorialMemory();
  resetCookieChoiceMemory();
});

/** The two first-visit overlays as the shell mounts them. */
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <CookieBanner />
      <Tutorial />
    </MemoryRouter>,
  );

const tutorial = () => screen.queryByRole('dialog', { name: 'Cómo funciona Casaoferta' });

/**
 * React reveals content that suspended (the lazy dialog) up to 300 ms later: on a fake clock moved on
 * by a second, "not shown" cannot mean "not revealed yet".
 */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1000);
  });
}

function fakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
}

describe('first-visit overlays: one at a time, cookies first', () => {
  it('on a first visit to a property, the tutorial waits until the cookie banner is answered', async () => {
    const user = fakeClock();
    renderAt('/property/7');
    const banner = await screen.findByRole('region', { name: 'Aviso de cookies' });
    await settle();
    expect(tutorial()).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aceptar todas' }));
    expect(banner).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Cómo funciona Casaoferta' })).toBeInTheDocument();
  });

  it('waits for the detailed cookie dialog too, then opens', async () => {
    const user = fakeClock();
    renderAt('/property/7');
    await screen.findByRole('region', { name: 'Aviso de cookies' });
    await user.click(screen.getByRole('button', { name: 'Configurar' }));
    await screen.findByRole('dialog', { name: 'Configuración de cookies' });
    await settle();
    expect(tutorial()).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar selección' }));
    expect(await screen.findByRole('dialog', { name: 'Cómo funciona Casaoferta' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Configuración de cookies' })).not.toBeInTheDocument();
  });

  it('with the cookie choice already made, opens the tutorial on a property at once', async () => {
    saveCookiePreferences(rejectAllCookiePreferences);
    renderAt('/property/7');
    expect(await screen.findByRole('dialog', { name: 'Cómo funciona Casaoferta' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
  });

  it('opens the tutorial only on a /property path (SPEC 2.2), not on the catalogue', async () => {
    fakeClock();
    saveCookiePreferences(rejectAllCookiePreferences);
    renderAt('/properties');
    await settle();
    expect(tutorial()).not.toBeInTheDocument();
  });
});
