import { loadAuthSchemas } from '../validation';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../../app/session-provider';
import { fail, json, mockApi, ok, sampleUser } from '../../../test/mock-api';
import { markSessionExpired } from '../../../shared/api/session-expiry';
import { storageKeys } from '../../../shared/storage-keys';
import { useCountdown } from '../use-countdown';
import LoginPage from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderLogin(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider reload={() => undefined}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

const session = { token: 'new-token', expiresAt: '2030-01-01T00:00:00.000Z', user: sampleUser };

function api(verify: { registered: boolean }) {
  return mockApi({
    'POST /api/authentication/users/generate-otp-code': () => ok({ sent: true, expiresInSeconds: 300 }),
    'POST /api/authentication/users/verify': () =>
      ok({ verificationToken: 'verification-token-0123456789', ...verify }),
    'POST /api/authentication/users/authenticate': () => ok(session),
    'GET /api/authentication': () => ok(sampleUser),
  });
}

async function sendPhone(user: ReturnType<typeof userEvent.setup>, phone = '600 00 00 01') {
  await user.type(screen.getByLabelText(/Número de móvil/), phone);
  await user.click(screen.getByRole('button', { name: 'Enviar código' }));
}

// The forms' schemas load on the first validation (validation.ts): loaded once here, so each test
// answers as soon as the form does.
beforeAll(async () => {
  await loadAuthSchemas();
});

describe('/login', () => {
  it('rejects an invalid phone inline, without calling the API', async () => {
    const calls = api({ registered: true });
    const user = userEvent.setup();
    renderLogin('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Accede a tu cuenta' })).toBeInTheDocument();
    await sendPhone(user, '12345');
    const input = screen.getByLabelText(/Número de móvil/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Escribe un número de móvil válido/);
    expect(calls.calls).toHaveLength(0);
  });

  it('shows the API phone error under the input', async () => {
    mockApi({
      'POST /api/authentication/users/generate-otp-code': () => fail(429, 'OTP_TOO_MANY_SENDS'),
    });
    const user = userEvent.setup();
    renderLogin('/login');
    await sendPhone(user);
    expect(screen.getByLabelText(/Número de móvil/)).toHaveAccessibleDescription(
      /Has pedido demasiados códigos/,
    );
  });

  it('says how many minutes to wait when the server limits code requests (Retry-After)', async () => {
    const limited = (seconds: string) =>
      json(429, { errors: [{ code: 'OTP_TOO_MANY_SENDS', message: '' }] }, { 'Retry-After': seconds });
    let retryAfter = '540';
    mockApi({ 'POST /api/authentication/users/generate-otp-code': () => limited(retryAfter) });
    const user = userEvent.setup();
    renderLogin('/login');
    await sendPhone(user);
    const input = screen.getByLabelText(/Número de móvil/);
    expect(input).toHaveAccessibleDescription(/Espera 9 minutos antes de pedir otro código\./);
    retryAfter = '20';
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(/Espera 1 minuto antes de pedir otro código\./),
    );
  });

  it('after a session that ended, says so above the login', () => {
    api({ registered: true });
    markSessionExpired();
    renderLogin('/login?redirectTo=%2Fnew-property');
    expect(screen.getByRole('status')).toHaveTextContent('Tu sesión ha caducado. Vuelve a iniciar sesión.');
  });

  it('sends the code, verifies it and lands on redirectTo with the token stored', async () => {
    const calls = api({ registered: true });
    const user = userEvent.setup();
    renderLogin('/login?redirectTo=%2Fsettings');
    await sendPhone(user);
    expect(calls.callsTo('POST', '/api/authentication/users/generate-otp-code')[0]?.body).toEqual({
      phoneNumber: '+34600000001',
      countryCode: 'ES',
    });
    const heading = await screen.findByRole('heading', { name: 'Introduce el código' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText(/Te hemos enviado un código de 6 cifras por SMS al 600 00 00 01/, {
        selector: 'p.muted',
      }),
    ).toBeInTheDocument();
    const code = screen.getByLabelText(/Código de 6 cifras/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('Podrás pedir otro código en 60 s')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(code).toHaveAccessibleDescription('El código tiene 6 cifras.');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/settings'));
    expect(calls.callsTo('POST', '/api/authentication/users/authenticate')[0]?.body).toEqual({
      verificationToken: 'verification-token-0123456789',
    });
    expect(localStorage.getItem(storageKeys.bearerToken)).toBe('new-token');
  });

  it('keeps the favourite of a heart tapped before the login, and returns without replaying it', async () => {
    const id = '10000000-0000-4000-8000-000000000001';
    const calls = mockApi({
      'POST /api/authentication/users/generate-otp-code': () => ok({ sent: true, expiresInSeconds: 300 }),
      'POST /api/authentication/users/verify': () =>
        ok({ verificationToken: 'verification-token-0123456789', registered: true }),
      'POST /api/authentication/users/authenticate': () => ok(session),
      'GET /api/authentication': () => ok(sampleUser),
      'GET /api/favourites/ids': () => ok({ ids: [] }),
      [`PUT /api/favourites/${id}`]: () => ok({ announcementId: id, favourite: true }),
    });
    const put = () => calls.callsTo('PUT', `/api/favourites/${id}`);
    const user = userEvent.setup();
    renderLogin(`/login?redirectTo=%2Fproperties%3Fkind%3Drental&afterAction=favourite%3A${id}`);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Para guardar tus favoritos, entra o regístrate' }),
    ).toBeInTheDocument();
    await sendPhone(user);
    await user.type(await screen.findByLabelText(/Código de 6 cifras/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/properties?kind=rental'));
    expect(screen.getByTestId('where').textContent).not.toContain('afterAction');
    expect(put()).toHaveLength(1);
    expect(put()[0]?.token).toBe('new-token');
  });

  it('shows a wrong code under the code input', async () => {
    mockApi({
      'POST /api/authentication/users/generate-otp-code': () => ok({ sent: true, expiresInSeconds: 300 }),
      'POST /api/authentication/users/verify': () => fail(422, 'OTP_INVALID'),
    });
    const user = userEvent.setup();
    renderLogin('/login');
    await sendPhone(user);
    await user.type(await screen.findByLabelText(/Código de 6 cifras/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(/El código no es correcto/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambiar número' }));
    expect(screen.getByRole('heading', { name: 'Tu número de móvil' })).toHaveFocus();
    expect(screen.getByLabelText(/Número de móvil/)).toHaveValue('600 00 00 01');
  });

  it('asks name, surname and privacy for a new number, then creates the account', async () => {
    const calls = api({ registered: false });
    const user = userEvent.setup();
    renderLogin('/login?redirectTo=%2Fproperty%2F4&afterAction=make-offer%3A4');
    await sendPhone(user);
    await user.type(await screen.findByLabelText(/Código de 6 cifras/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Completa tu registro' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(screen.getByLabelText(/Nombre/)).toHaveAccessibleDescription('Escribe tu nombre.');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(/aceptar la política de privacidad/);
    expect(calls.callsTo('POST', '/api/authentication/users/authenticate')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Nombre/), 'Ana');
    await user.type(screen.getByLabelText(/Apellidos/), 'Gil Ros');
    await user.click(screen.getByRole('checkbox', { name: /política de privacidad/ }));
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/property/4?afterAction=make-offer%3A4'),
    );
    expect(calls.callsTo('POST', '/api/authentication/users/authenticate')[0]?.body).toEqual({
      verificationToken: 'verification-token-0123456789',
      name: 'Ana',
      surname: 'Gil Ros',
      acceptPrivacyPolicy: true,
    });
  });

  it('in register mode asks the name up front and registers right after the code', async () => {
    const calls = api({ registered: false });
    const user = userEvent.setup();
    renderLogin('/login?register=true');
    expect(screen.getByRole('heading', { level: 1, name: 'Regístrate gratis' })).toBeInTheDocument();
    await sendPhone(user);
    expect(screen.getByLabelText(/Nombre/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.calls).toHaveLength(0);
    await user.type(screen.getByLabelText(/Nombre/), 'Ana');
    await user.type(screen.getByLabelText(/Apellidos/), 'Gil');
    await user.click(screen.getByRole('checkbox', { name: /política de privacidad/ }));
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await user.type(await screen.findByLabelText(/Código de 6 cifras/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/announcement-list'));
    expect(calls.callsTo('POST', '/api/authentication/users/authenticate')[0]?.body).toMatchObject({
      name: 'Ana',
      surname: 'Gil',
      acceptPrivacyPolicy: true,
    });
  });

  it('switches between login and registration keeping the redirect', () => {
    api({ registered: true });
    renderLogin('/login?redirectTo=%2Fsettings');
    expect(screen.getByRole('link', { name: 'Regístrate gratis' })).toHaveAttribute(
      'href',
      '/login?register=true&redirectTo=%2Fsettings',
    );
  });

  it('says what the login is for when an offer or a visit request sent the visitor, with registration as a button (issue 23)', async () => {
    api({ registered: true });
    const user = userEvent.setup();
    const { unmount } = renderLogin('/login?redirectTo=%2Fproperty%2F4&afterAction=make-offer%3A4');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Para enviar tu oferta, entra o regístrate' }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Para enviar tu oferta, entra o regístrate');
    const register = screen.getByRole('link', { name: 'Regístrate gratis' });
    expect(register).toHaveClass('btn');
    expect(register).toHaveAttribute(
      'href',
      '/login?register=true&redirectTo=%2Fproperty%2F4&afterAction=make-offer%3A4',
    );
    // Registering keeps the purpose and the way back to the dialog.
    await user.click(register);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Para enviar tu oferta, entra o regístrate' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Nombre/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accede a tu cuenta' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fproperty%2F4&afterAction=make-offer%3A4',
    );
    unmount();

    renderLogin('/login?redirectTo=%2Fproperty%2F4&afterAction=request-visit%3A4');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Para pedir la visita, entra o regístrate' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regístrate gratis' })).toHaveClass('btn');
  });

  it('keeps the plain heading and the inline link for any other login', () => {
    api({ registered: true });
    renderLogin('/login?redirectTo=%2Fsettings&afterAction=something-else');
    expect(screen.getByRole('heading', { level: 1, name: 'Accede a tu cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regístrate gratis' })).not.toHaveClass('btn');
  });

  it('sends a logged user straight to redirectTo', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'user-token');
    api({ registered: true });
    renderLogin('/login?redirectTo=%2Fmy-offers');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/my-offers'));
  });
});

describe('useCountdown', () => {
  it('counts down once a second and restarts', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown(3));
    expect(result.current.remaining).toBe(3);
    for (let i = 0; i < 3; i += 1) act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.remaining).toBe(0);
    act(() => result.current.restart());
    expect(result.current.remaining).toBe(3);
  });
});
