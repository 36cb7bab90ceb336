import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, ok } from '../../../test/mock-api';
import { LoginFlow } from './login-flow';
import { RESEND_AFTER_SECONDS } from './code-step';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const sent = () => ok({ sent: true, expiresInSeconds: 300 });

/** The code step after a code was sent to 600 00 00 01; the clock is fake (the resend countdown). */
async function atCodeStep() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  render(<LoginFlow registerMode={false} onAuthenticated={() => Promise.resolve()} />);
  await user.type(screen.getByLabelText(/Número de móvil/), '600 00 00 01');
  await user.click(screen.getByRole('button', { name: 'Enviar código' }));
  await screen.findByRole('heading', { name: 'Introduce el código' });
  return user;
}

async function resend(user: ReturnType<typeof userEvent.setup>) {
  // The countdown ticks once a second.
  for (let second = 0; second < RESEND_AFTER_SECONDS; second += 1) act(() => vi.advanceTimersByTime(1000));
  await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
}

describe('code step', () => {
  it('says once that the code was sent, also after asking for another', async () => {
    mockApi({ 'POST /api/authentication/users/generate-otp-code': sent });
    const user = await atCodeStep();
    expect(screen.getAllByText(/Te hemos enviado un código/)).toHaveLength(1);

    await resend(user);
    expect(await screen.findByText('Código reenviado.')).toBeInTheDocument();
    expect(screen.getAllByText(/Te hemos enviado un código/)).toHaveLength(1);
  });

  it('says how many minutes to wait when another code is refused (429 with Retry-After)', async () => {
    let calls = 0;
    mockApi({
      'POST /api/authentication/users/generate-otp-code': () =>
        (calls += 1) === 1
          ? sent()
          : json(429, { errors: [{ code: 'OTP_TOO_MANY_SENDS', message: '' }] }, { 'Retry-After': '900' }),
    });
    const user = await atCodeStep();
    await resend(user);
    expect(await screen.findByText('Espera 15 minutos antes de pedir otro código.')).toBeInTheDocument();
  });
});

describe('phone step in register mode', () => {
  it('shows every error on submit only, and keeps what was written after "Cambiar número"', async () => {
    mockApi({ 'POST /api/authentication/users/generate-otp-code': sent });
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <LoginFlow registerMode onAuthenticated={() => Promise.resolve()} />
      </MemoryRouter>,
    );
    const number = screen.getByLabelText(/Número de móvil/);
    await user.type(number, '123');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(number).toHaveAccessibleDescription(/Escribe un número de móvil válido para el prefijo elegido\./);
    expect(screen.getByLabelText(/^Nombre/)).toHaveAccessibleDescription('Escribe tu nombre.');
    expect(screen.getByLabelText(/^Apellidos/)).toHaveAccessibleDescription('Escribe tus apellidos.');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(
      'Para crear tu cuenta tienes que aceptar la política de privacidad.',
    );
    // Typing neither clears nor adds errors: they change on the next submit.
    await user.clear(number);
    await user.type(number, '600 00 00 01');
    await user.type(screen.getByLabelText(/^Nombre/), ' Ana ');
    expect(screen.getByLabelText(/^Nombre/)).toHaveAccessibleDescription('Escribe tu nombre.');
    expect(number).toHaveAccessibleDescription(/válido/);
    await user.type(screen.getByLabelText(/^Apellidos/), 'Pérez');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await screen.findByRole('heading', { name: 'Introduce el código' });

    await user.click(screen.getByRole('button', { name: 'Cambiar número' }));
    expect(await screen.findByLabelText(/Número de móvil/)).toHaveValue('600 00 00 01');
    expect(screen.getByLabelText(/^Apellidos/)).toHaveValue('Pérez');
    expect(screen.getByRole('checkbox')).toBeChecked();
  });
});
