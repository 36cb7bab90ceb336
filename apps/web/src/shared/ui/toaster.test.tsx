import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts, showToast } from './toast-store';
import { Toaster } from './toaster';

describe('<Toaster/>', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it('announces errors as alerts and the rest politely', () => {
    render(<Toaster />);
    act(() => {
      showToast('No tienes permisos para realizar esa acción.', 'error');
      showToast('Se han modificado los datos correctamente', 'success');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('No tienes permisos para realizar esa acción.');
    expect(screen.getByRole('status')).toHaveTextContent('Se han modificado los datos correctamente');
  });

  it('offers the toast action as a button that runs it and closes the toast', () => {
    const undo = vi.fn();
    render(<Toaster />);
    act(() => showToast('Foto eliminada.', 'info', { action: { label: 'Deshacer', onAction: undo } }));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Deshacer' })));
    expect(undo).toHaveBeenCalledOnce();
    expect(screen.queryByText('Foto eliminada.')).not.toBeInTheDocument();
  });

  it('stays while hovered and closes with its button', () => {
    render(<Toaster />);
    act(() => showToast('Se ha modificado correctamente', 'success'));
    const message = screen.getByText('Se ha modificado correctamente');
    fireEvent.mouseEnter(message);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText('Se ha modificado correctamente')).toBeInTheDocument();
    fireEvent.mouseLeave(message);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Se ha modificado correctamente')).not.toBeInTheDocument();

    act(() => showToast('Otro aviso', 'info'));
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(getToasts()).toHaveLength(0);
  });
});
