import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Confirmar bloqueo">
        <p>¿Seguro?</p>
        <button type="button">Aceptar</button>
      </Dialog>
    </>
  );
}

describe('<Dialog/>', () => {
  it('is labelled by its title, moves focus in and returns it on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Confirmar bloqueo' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Aceptar' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('¿Seguro?')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with its close button and returns focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByText('¿Seguro?')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
