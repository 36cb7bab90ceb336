import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rejectAllCookiePreferences, saveCookiePreferences } from '../../shared/consent';
import { storageKeys } from '../../shared/storage-keys';
import { Tutorial } from './tutorial';
import { resetTutorialMemory } from './tutorial-state';

// The cookie question comes first (first-visit-overlays.test.tsx): answered here.
beforeEach(() => saveCookiePreferences(rejectAllCookiePreferences));
afterEach(() => resetTutorialMemory());

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Tutorial />
    </MemoryRouter>,
  );

describe('<Tutorial/>', () => {
  it('walks the five steps with Continuar, Siguiente, Volver and Empezar, then stores done', async () => {
    const user = userEvent.setup();
    renderAt('/property/7');
    const dialog = await screen.findByRole('dialog', { name: 'Cómo funciona Casaoferta' });
    expect(dialog).toHaveTextContent('Bienvenido a Casaoferta');
    expect(dialog).toHaveTextContent('Paso 1 de 5');
    expect(screen.queryByRole('button', { name: 'Volver' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(dialog).toHaveTextContent('Haz tu oferta');
    expect(dialog).toHaveTextContent('Paso 2 de 5');
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(dialog).toHaveTextContent('Bienvenido a Casaoferta');
    expect(screen.getByRole('button', { name: 'Continuar' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(dialog).toHaveTextContent('Destaca entre los candidatos');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(dialog).toHaveTextContent('Sigue el proceso en tiempo real');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(dialog).toHaveTextContent('Confía en tus posibilidades');
    expect(dialog).toHaveTextContent('Paso 5 de 5');
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.tutorialDone)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Empezar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.tutorialDone)).toBe('true');
  });

  it('stores done when closed with Escape', async () => {
    const user = userEvent.setup();
    renderAt('/property/7');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.tutorialDone)).toBe('true');
  });

  it('does not open once done, nor outside property paths', () => {
    renderAt('/announcement-list');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    localStorage.setItem(storageKeys.tutorialDone, 'true');
    renderAt('/property/7');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
