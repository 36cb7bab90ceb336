import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { documentsBuilt } from '../profile-paths';
import { emptyProfile, fullProfile, mastersRoute, person, renderAt } from '../test-data';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

/** A section's card: a link named by its title and its summary. */
const card = (title: string) => screen.getByRole('link', { name: new RegExp(`^${title}`) });

describe('/profile', () => {
  it('says what is missing for rentals, sales and the whole profile when nothing is saved', async () => {
    mockApi({ ...mastersRoute, 'GET /api/tenant': () => ok(emptyProfile()) });
    renderAt('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi perfil' })).toBeInTheDocument();
    const status = within(await screen.findByRole('region', { name: 'Estado de tu perfil' }));
    expect(
      status.getByText('Te falta: Situación laboral, Datos personales, Convivencia.'),
    ).toBeInTheDocument();
    expect(
      status.getByText(
        'Para ofertar en alquiler necesitas tu situación laboral: DNI/NIE, tipo de contrato y tramo de ingresos.',
      ),
    ).toBeInTheDocument();
    expect(
      status.getByText('Para ofertar en venta necesitas indicar tu tipo de contrato.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(status.getByRole('button', { name: 'Completar perfil' })).toBeEnabled());

    expect(card('Sobre mí')).toHaveAttribute('href', '/profile/about-me');
    expect(card('Sobre mí')).toHaveTextContent('Sin completar');
    expect(card('Situación laboral')).toHaveAttribute('href', '/profile/laboral-situation');
    expect(card('Convivencia')).toHaveAttribute('href', '/profile/convivence');
    expect(card('Co-titulares')).toHaveTextContent('Ningún co-titular todavía');
    expect(card('Avalistas')).toHaveAttribute('href', '/profile/guarantors');
    expect(card('Presentación')).toHaveTextContent('Sin presentación');
    // The documents page is another issue's: its card shows once the router has it.
    if (documentsBuilt()) expect(card('Documentación')).toHaveAttribute('href', '/profile/documentation');
    else expect(screen.queryByRole('link', { name: /^Documentación/ })).toBeNull();
    // Nothing saved, nothing to delete.
    expect(screen.queryByRole('button', { name: 'Eliminar perfil' })).toBeNull();
  });

  it('shows what each section holds and what is still missing', async () => {
    mockApi({
      ...mastersRoute,
      'GET /api/tenant': () =>
        ok(
          fullProfile({
            name: null,
            surname: null,
            birthDate: null,
            numberCohabitants: 2,
            numberChildren: 1,
            hasPets: true,
            coTitulars: [person(1)],
            completeness: {
              hasTenantProfileCompleted: false,
              hasTenantProfileCompletedToOffer: true,
              hasProfileCompletedToSaleOffer: true,
            },
          }),
        ),
    });
    renderAt('/profile');
    const status = within(await screen.findByRole('region', { name: 'Estado de tu perfil' }));
    expect(status.getByText('Te falta: Datos personales.')).toBeInTheDocument();
    expect(status.getByText('Ya puedes hacer ofertas de alquiler.')).toBeInTheDocument();
    expect(status.getByText('Ya puedes hacer ofertas de compra.')).toBeInTheDocument();
    await waitFor(() =>
      expect(card('Situación laboral')).toHaveTextContent('Indefinido · De 1.500 € a 2.000 € netos/mes'),
    );
    expect(card('Convivencia')).toHaveTextContent('2 convivientes · 1 hijo · con mascotas · no fumadores');
    expect(card('Co-titulares')).toHaveTextContent('1 co-titular');
  });

  it('says the profile is complete, with no wizard to open', async () => {
    mockApi({ ...mastersRoute, 'GET /api/tenant': () => ok(fullProfile()) });
    renderAt('/profile');
    expect(await screen.findByText('Tu perfil está completo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Completar perfil' })).toBeNull();
    await waitFor(() =>
      expect(card('Sobre mí')).toHaveTextContent('Carmen Ruiz Ortega · España · Soltero/a'),
    );
  });

  it('opens the wizard when the offer confirmation asks for it', async () => {
    mockApi({ ...mastersRoute, 'GET /api/tenant': () => ok(emptyProfile()) });
    renderAt({ pathname: '/profile', state: { openProfileWizard: true } });
    expect(await screen.findByRole('dialog', { name: 'Completa tu perfil' })).toBeInTheDocument();
  });

  it('deletes the profile after a confirmation that counts the active offers it withdraws', async () => {
    let deleted = false;
    const api = mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(deleted ? emptyProfile() : fullProfile()),
      'GET /api/tenant/offers': () =>
        ok([{ statusCode: 'OSC001' }, { statusCode: 'OSC001' }, { statusCode: 'OSC002' }]),
      'DELETE /api/tenant/profile': () => {
        deleted = true;
        return ok({ withdrawnOffers: 2 });
      },
    });
    const user = userEvent.setup();
    const { actions } = renderAt('/profile');
    await user.click(await screen.findByRole('button', { name: 'Eliminar perfil' }));
    const dialog = within(await screen.findByRole('dialog', { name: '¿Eliminar tu perfil?' }));
    expect(
      dialog.getByText(/tus co-titulares, tus avalistas y todos tus documentos\. No se puede deshacer\./),
    ).toBeInTheDocument();
    expect(await dialog.findByText('Se retirarán tus 2 ofertas activas.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancelar' })).toHaveFocus();

    await user.click(dialog.getByRole('button', { name: 'Eliminar perfil' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE', '/api/tenant/profile')).toHaveLength(1);
    expect(getToasts().map((toast) => toast.message)).toContain(
      'Se ha eliminado tu perfil y se han retirado 2 ofertas',
    );
    expect(
      await screen.findByText('Te falta: Situación laboral, Datos personales, Convivencia.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar perfil' })).toBeNull();
    expect(actions.refresh).toHaveBeenCalled();
  });

  it('says so when no offer will be withdrawn', async () => {
    mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(fullProfile()),
      'GET /api/tenant/offers': () => ok([{ statusCode: 'OSC002' }]),
    });
    const user = userEvent.setup();
    renderAt('/profile');
    await user.click(await screen.findByRole('button', { name: 'Eliminar perfil' }));
    const dialog = within(await screen.findByRole('dialog', { name: '¿Eliminar tu perfil?' }));
    expect(await dialog.findByText('No tienes ofertas activas: no se retirará ninguna.')).toBeInTheDocument();
  });
});
