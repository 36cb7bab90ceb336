import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { readCookiePreferences } from '../../shared/consent';
import { storageKeys } from '../../shared/storage-keys';
import { AppFooter } from './app-footer';
import { CookieBanner } from './cookie-banner';
import { resetCookieChoiceMemory } from './cookie-choice';
import { closeCookieSettings } from '../../shared/shell-state';

afterEach(() => {
  act(() => closeCookieSettings());
  resetCookieChoiceMemory();
});

const renderAt = (path = '/properties') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <CookieBanner />
      <AppFooter />
    </MemoryRouter>,
  );

const findBanner = () => screen.findByRole('region', { name: 'Aviso de cookies' });

describe('<CookieBanner/>', () => {
  it('appears after a short delay and saves "Aceptar todas"', async () => {
    const user = userEvent.setup();
    renderAt();
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
    const banner = await findBanner();
    expect(banner).toHaveTextContent('política de cookies');
    await user.click(screen.getByRole('button', { name: 'Aceptar todas' }));
    expect(readCookiePreferences()).toEqual({
      essentialCookies: true,
      dataCookies: true,
      customCookies: true,
    });
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
  });

  it('saves "Rechazar todas" as essential only', async () => {
    const user = userEvent.setup();
    renderAt();
    await findBanner();
    await user.click(screen.getByRole('button', { name: 'Rechazar todas' }));
    expect(readCookiePreferences()).toEqual({
      essentialCookies: true,
      dataCookies: false,
      customCookies: false,
    });
  });

  it('configures categories in the detailed dialog', async () => {
    const user = userEvent.setup();
    renderAt();
    await findBanner();
    await user.click(screen.getByRole('button', { name: 'Configurar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configuración de cookies' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Esenciales' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Esenciales' })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Grabación de sesión' }));
    await user.click(screen.getByRole('button', { name: 'Guardar selección' }));
    expect(readCookiePreferences()).toEqual({
      essentialCookies: true,
      dataCookies: false,
      customCookies: true,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown on the cookie policy page nor when a choice is stored', async () => {
    renderAt('/cookies-policy');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
  });

  it('is not shown when a choice is stored; the footer reopens the detailed dialog', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      storageKeys.cookiePreferences,
      JSON.stringify({ essentialCookies: true, dataCookies: true, customCookies: false }),
    );
    renderAt();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Configurar cookies' }));
    await screen.findByRole('dialog', { name: 'Configuración de cookies' });
    expect(screen.getByRole('switch', { name: 'Analíticas' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Grabación de sesión' })).not.toBeChecked();
  });

  it('opens the detailed dialog when the stored choice cannot be read', async () => {
    localStorage.setItem(storageKeys.cookiePreferences, '{roto');
    renderAt();
    const dialog = await screen.findByRole('dialog', { name: 'Configuración de cookies' });
    expect(dialog).toHaveTextContent('No hemos podido leer tu configuración de cookies');
  });
});
