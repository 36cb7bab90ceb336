import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, anonymousSession } from '../../shared/session';
import type { Session } from '../../shared/session';
import { AppHeader } from './app-header';
import { ShellOverlays } from './shell-overlays';
import { closePublishChooser, closeSideMenu } from '../../shared/shell-state';

afterEach(() =>
  act(() => {
    closeSideMenu();
    closePublishChooser();
  }),
);

const loggedSession: Session = {
  ...anonymousSession,
  checked: true,
  logged: true,
  isAgent: false,
  user: {
    name: 'Lucía',
    surname: 'Pérez',
    phoneNumber: '600000000',
    roles: [],
    permissions: [],
    hasProfileCompleted: true,
    isBlocked: false,
  },
};

const renderShell = (session: Session = anonymousSession, onLogout?: () => void) =>
  render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={['/properties']}>
        <AppHeader />
        <ShellOverlays onLogout={onLogout} />
      </MemoryRouter>
    </SessionContext.Provider>,
  );

describe('side menu', () => {
  it('opens from the header with the SPEC entries for visitors and returns focus when closed', async () => {
    const user = userEvent.setup();
    renderShell();
    const menuButton = screen.getByRole('button', { name: 'Abrir menú' });
    await user.click(menuButton);
    const menu = await screen.findByRole('dialog', { name: 'Menú' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    for (const name of [
      'Inmuebles',
      'Ofertas realizadas',
      'Mis anuncios',
      'Mis contratos',
      'Mi perfil',
      'Configuración',
    ]) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Inmuebles' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Regístrate gratis' })).toHaveAttribute(
      'href',
      '/login?register=true',
    );
    expect(screen.getByRole('link', { name: 'Accede a tu cuenta' })).toHaveAttribute('href', '/login');
    expect(menu).not.toHaveTextContent('Cerrar sesión');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('offers Cerrar sesión to logged users only when onLogout is given', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderShell(loggedSession, onLogout);
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await screen.findByRole('dialog', { name: 'Menú' });
    expect(screen.queryByRole('link', { name: 'Accede a tu cuenta' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('hides Cerrar sesión without onLogout', async () => {
    const user = userEvent.setup();
    renderShell(loggedSession);
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await screen.findByRole('dialog', { name: 'Menú' });
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).not.toBeInTheDocument();
  });

  it('opens the publish chooser with its three options', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const menu = await screen.findByRole('dialog', { name: 'Menú' });
    await user.click(within(menu).getByRole('button', { name: 'Publica tu anuncio' }));
    expect(screen.queryByRole('dialog', { name: 'Menú' })).not.toBeInTheDocument();
    await screen.findByRole('dialog', { name: '¿Qué quieres hacer?' });
    expect(screen.getByRole('link', { name: /Vender una vivienda/ })).toHaveAttribute(
      'href',
      '/new-property?section=venta',
    );
    expect(screen.getByRole('link', { name: /Alquilar una vivienda completa/ })).toHaveAttribute(
      'href',
      '/new-property?section=alquiler',
    );
    expect(screen.getByRole('link', { name: /Alquilar una habitación/ })).toHaveAttribute(
      'href',
      '/new-property?section=alquiler%20habitacion',
    );
  });
});
