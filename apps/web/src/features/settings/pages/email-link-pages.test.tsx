import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import ConfirmEmailPage from './confirm-email-page';
import UnsubscribePage from './unsubscribe-page';

afterEach(() => vi.unstubAllGlobals());

const token = 'a'.repeat(43);
const at = (page: React.ReactNode, url: string) =>
  render(<MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>);

describe('/confirm-email', () => {
  it('confirms on opening, without a session, and says where notices go now', async () => {
    const api = mockApi({ 'POST /api/user/email/confirm': () => ok({ email: 'ana@example.com' }) });
    at(<ConfirmEmailPage />, `/confirm-email?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'Correo confirmado' })).toBeInTheDocument();
    expect(
      screen.getByText('A partir de ahora te enviaremos los avisos a ana@example.com.'),
    ).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ body: { token }, token: null });
    expect(document.title).toContain('Confirmar correo');
  });

  it('says why a used or expired link does not work, and leads to the settings', async () => {
    mockApi({ 'POST /api/user/email/confirm': () => fail(400, 'EMAIL_LINK_INVALID') });
    at(<ConfirmEmailPage />, `/confirm-email?token=${token}`);
    expect(
      await screen.findByRole('heading', { name: 'No hemos podido confirmar tu correo' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/no es válido o ha caducado/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Configuración' })).toHaveAttribute('href', '/settings');
  });
});

describe('/unsubscribe', () => {
  it('changes nothing on opening; the button unsubscribes', async () => {
    const uuid = '3f1c2b9e-8a7d-4c6b-9e5f-1a2b3c4d5e6f';
    const api = mockApi({ 'POST /api/user/email/unsubscribe': () => ok({ email: 'ana@example.com' }) });
    const user = userEvent.setup();
    at(<UnsubscribePage />, `/unsubscribe?token=${uuid}`);
    expect(screen.getByRole('heading', { name: 'Darse de baja de los correos' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Darme de baja' }));
    expect(await screen.findByRole('heading', { name: 'Te has dado de baja' })).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ body: { token: uuid, kind: 'email' }, token: null });
  });

  it('with kind=favourites, turns off only the favourites’ alerts', async () => {
    const uuid = '3f1c2b9e-8a7d-4c6b-9e5f-1a2b3c4d5e6f';
    const api = mockApi({ 'POST /api/user/email/unsubscribe': () => ok({ email: null }) });
    const user = userEvent.setup();
    at(<UnsubscribePage />, `/unsubscribe?token=${uuid}&kind=favourites`);
    expect(screen.getByRole('heading', { name: 'Dejar de recibir avisos de favoritos' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Darme de baja' }));
    expect(
      await screen.findByRole('heading', { name: 'Ya no recibirás avisos de tus favoritos' }),
    ).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ body: { token: uuid, kind: 'favourites' }, token: null });
  });

  it('says so when the link is incomplete or unknown', async () => {
    mockApi({ 'POST /api/user/email/unsubscribe': () => fail(404, 'UNSUBSCRIBE_LINK_INVALID') });
    const user = userEvent.setup();
    const { unmount } = at(<UnsubscribePage />, '/unsubscribe');
    expect(
      screen.getByText('Este enlace está incompleto. Ábrelo de nuevo desde el correo.'),
    ).toBeInTheDocument();
    unmount();
    at(<UnsubscribePage />, '/unsubscribe?token=00000000-0000-4000-8000-000000000000');
    await user.click(screen.getByRole('button', { name: 'Darme de baja' }));
    expect(await screen.findByText(/Este enlace para darse de baja no es válido/)).toBeInTheDocument();
  });
});
