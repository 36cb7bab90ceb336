import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { fullProfile, mastersRoute, person, renderAt } from '../test-data';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const toasts = () => getToasts().map((toast) => toast.message);

describe('/profile/about-me', () => {
  it('saves the personal section with its own PUT', async () => {
    const api = mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(fullProfile()),
      'PUT /api/tenant/profile/personal': () => (call) => ok({ ...fullProfile(), ...(call.body as object) }),
    });
    const user = userEvent.setup();
    const { actions } = renderAt('/profile/about-me');
    const name = await screen.findByRole('textbox', { name: /^Nombre/ });
    expect(name).toHaveValue('Carmen');
    expect(screen.getByRole('radio', { name: 'Soltero/a' })).toBeChecked();
    await user.clear(name);
    await user.click(name);
    await user.paste('Carmela');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(toasts()).toContain('Se han modificado los datos correctamente'));
    expect(api.callsTo('PUT', '/api/tenant/profile/personal')[0]?.body).toEqual({
      name: 'Carmela',
      surname: 'Ruiz Ortega',
      birthDate: '1990-05-14',
      countryCode: 'ES',
      civilStatusCode: 'UCS001',
    });
    expect(actions.refresh).toHaveBeenCalled();
  });

  it('shows a field error of the API on its field, with no toast', async () => {
    mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(fullProfile()),
      'PUT /api/tenant/profile/personal': () => fail(422, 'UNDER_AGE', 'birthDate'),
    });
    const user = userEvent.setup();
    renderAt('/profile/about-me');
    await user.click(await screen.findByRole('button', { name: 'Guardar cambios' }));
    const date = screen.getByLabelText(/Fecha de nacimiento/);
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription(expect.stringContaining('Tiene que ser mayor de edad')),
    );
    expect(toasts()).toEqual([]);
  });
});

describe('/profile/convivence', () => {
  it('edits the household with the wizard rules and saves it as Sí/No booleans', async () => {
    const api = mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(fullProfile({ numberCohabitants: 3, numberChildren: 2 })),
      'PUT /api/tenant/profile/coexistence': () => (call) =>
        ok({ ...fullProfile(), ...(call.body as object) }),
    });
    const user = userEvent.setup();
    renderAt('/profile/convivence');
    const cohabitants = within(await screen.findByRole('group', { name: /Número de convivientes/ }));
    const children = () => within(screen.getByRole('group', { name: /Número de hijos/ }));
    expect(cohabitants.getByRole('radio', { name: '3' })).toBeChecked();
    expect(children().getByRole('radio', { name: '2' })).toBeChecked();
    await user.click(cohabitants.getByRole('radio', { name: '0' }));
    expect(children().getByRole('radio', { name: '0' })).toBeChecked();
    expect(children().getByRole('radio', { name: '0' })).toBeDisabled();
    await user.click(
      within(screen.getByRole('group', { name: /Fumadores/ })).getByRole('radio', { name: 'Sí' }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(toasts()).toContain('Se han modificado los datos correctamente'));
    expect(api.callsTo('PUT', '/api/tenant/profile/coexistence')[0]?.body).toEqual({
      numberCohabitants: 0,
      numberChildren: 0,
      hasPets: false,
      hasSmokers: true,
    });
  });
});

describe('/profile/presentation', () => {
  it('counts the characters and saves the text', async () => {
    const api = mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(fullProfile()),
      'PUT /api/tenant/profile/presentation': () => (call) =>
        ok({ ...fullProfile(), ...(call.body as object) }),
    });
    const user = userEvent.setup();
    renderAt('/profile/presentation');
    const text = await screen.findByRole('textbox', { name: 'Tu presentación' });
    expect(text).toHaveAttribute('maxlength', '2000');
    expect(screen.getByText('0/2000 caracteres')).toBeInTheDocument();
    await user.click(text);
    await user.paste('Hola, soy Carmen');
    expect(screen.getByText('16/2000 caracteres')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(toasts()).toContain('Se ha modificado correctamente'));
    expect(api.callsTo('PUT', '/api/tenant/profile/presentation')[0]?.body).toEqual({
      presentation: 'Hola, soy Carmen',
    });
  });
});

describe('/profile/guarantors', () => {
  const guarantor = person(2, { role: 'guarantor', name: 'Rosa', surname: 'Martín' });

  it('lists the guarantors with a masked DNI, edits and deletes one, and explains what a guarantor is', async () => {
    const api = mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(fullProfile({ guarantors: [guarantor] })),
      [`PUT /api/tenant/guarantor/${guarantor.id}`]: () => (call) =>
        ok({ ...guarantor, ...(call.body as object) }),
      [`DELETE /api/tenant/guarantor/${guarantor.id}`]: () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderAt('/profile/guarantors');
    const list = within(await screen.findByRole('list', { name: 'Tus avalistas' }));
    const item = within(list.getByRole('listitem'));
    expect(item.getByRole('heading', { name: 'Rosa Martín' })).toBeInTheDocument();
    expect(item.getByText('•••••567L')).toBeInTheDocument();
    expect(item.queryByText('X1234567L')).toBeNull();
    expect(item.getByText('Temporal')).toBeInTheDocument();
    expect(item.getByText('De 900 € a 1.200 € netos/mes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '¿Qué es un avalista?' }));
    const info = within(await screen.findByRole('dialog', { name: '¿Qué es un avalista?' }));
    expect(info.getByText(/se compromete a pagar el alquiler si tú no pudieras hacerlo/)).toBeInTheDocument();
    await user.click(info.getByRole('button', { name: 'Entendido' }));

    await user.click(item.getByRole('button', { name: 'Editar a Rosa Martín' }));
    const wizard = within(await screen.findByRole('dialog', { name: 'Editar avalista' }));
    expect(wizard.getByRole('heading', { name: 'Paso 1 de 2: Situación laboral' })).toBeInTheDocument();
    expect(wizard.getByRole('textbox', { name: /DNI\/NIE/ })).toHaveValue('X1234567L');
    await user.click(wizard.getByRole('radio', { name: 'Autónomo' }));
    await user.click(wizard.getByRole('button', { name: 'Siguiente' }));
    await user.click(await wizard.findByRole('button', { name: 'Guardar' }));
    expect(await wizard.findByRole('heading', { name: '¡Listo! Datos guardados' })).toBeInTheDocument();
    expect(toasts()).toContain('Se ha guardado un avalista correctamente');
    expect(api.callsTo('PUT', `/api/tenant/guarantor/${guarantor.id}`)[0]?.body).toEqual({
      nif: 'X1234567L',
      typeContractCode: 'UTC004',
      salaryRangeCode: 'URS003',
      name: 'Rosa',
      surname: 'Martín',
      birthDate: '1988-02-01',
      countryCode: 'ES',
      civilStatusCode: 'UCS002',
    });
    await user.click(wizard.getByRole('button', { name: 'Cerrar' }));

    await user.click(screen.getByRole('button', { name: 'Eliminar a Rosa Martín' }));
    const confirm = within(await screen.findByRole('dialog', { name: '¿Eliminar a Rosa Martín?' }));
    expect(confirm.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(confirm.getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE', `/api/tenant/guarantor/${guarantor.id}`)).toHaveLength(1),
    );
    expect(toasts()).toContain('Se ha eliminado el avalista');
  }, 20_000);
});
