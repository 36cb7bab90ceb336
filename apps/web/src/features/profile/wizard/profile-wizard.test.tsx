import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { accountUser, emptyProfile, fullProfile, mastersRoute, person, renderAt } from '../test-data';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const toasts = () => getToasts().map((toast) => toast.message);
type User = ReturnType<typeof userEvent.setup>;

async function openWizard(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Completar perfil' }));
  return within(await screen.findByRole('dialog', { name: 'Completa tu perfil' }));
}

/** Types a text at once (pasted): typing it key by key takes long on a busy machine. */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillWork(user: User, dialog: ReturnType<typeof within>, nif = '12345678Z') {
  await enter(user, dialog.getByRole('textbox', { name: /DNI\/NIE/ }), nif);
  await user.click(dialog.getByRole('radio', { name: 'Indefinido' }));
  await user.selectOptions(dialog.getByRole('combobox', { name: /Tramo de ingresos/ }), 'URS005');
}

async function fillPersonal(user: User, dialog: ReturnType<typeof within>) {
  await enter(user, dialog.getByRole('textbox', { name: /^Nombre/ }), 'Carmen');
  await enter(user, dialog.getByRole('textbox', { name: /^Apellidos/ }), 'Ruiz Ortega');
  await user.type(dialog.getByLabelText(/Fecha de nacimiento/), '1990-05-14');
  await user.selectOptions(dialog.getByRole('combobox', { name: /Nacionalidad/ }), 'ES');
  await user.click(dialog.getByRole('radio', { name: 'Soltero/a' }));
}

const group = (dialog: ReturnType<typeof within>, name: RegExp) =>
  within(dialog.getByRole('group', { name }));

describe('the profile wizard', () => {
  it('goes through its 3 steps: Back disabled on 1, Next only once filled, household rules, then state 4', async () => {
    const saved = fullProfile({ numberCohabitants: 1, numberChildren: 1, hasPets: true });
    const api = mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(emptyProfile()),
      'PUT /api/tenant/profile': () => ok(saved),
    });
    const user = userEvent.setup();
    const { actions } = renderAt('/profile');
    const dialog = await openWizard(user);

    const heading = dialog.getByRole('heading', { name: 'Paso 1 de 3: Situación laboral' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(dialog.getByRole('button', { name: 'Atrás' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await fillWork(user, dialog);
    expect(dialog.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));

    const second = await dialog.findByRole('heading', { name: 'Paso 2 de 3: Datos personales' });
    await waitFor(() => expect(second).toHaveFocus());
    expect(dialog.getByRole('button', { name: 'Atrás' })).toBeEnabled();
    expect(dialog.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await fillPersonal(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));

    await dialog.findByRole('heading', { name: 'Paso 3 de 3: Convivencia' });
    // The first option is chosen by default; no cohabitants, no children to choose.
    const cohabitants = group(dialog, /Número de convivientes/);
    await waitFor(() => expect(cohabitants.getByRole('radio', { name: '0' })).toBeChecked());
    const children = () => group(dialog, /Número de hijos/);
    expect(
      children()
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['0']);
    expect(children().getByRole('radio', { name: '0' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();

    await user.click(cohabitants.getByRole('radio', { name: '2' }));
    expect(
      children()
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['0', '1', '2']);
    await user.click(children().getByRole('radio', { name: '2' }));
    // Fewer cohabitants: the children come down with them.
    await user.click(cohabitants.getByRole('radio', { name: '1' }));
    expect(children().getAllByRole('radio')).toHaveLength(2);
    expect(children().getByRole('radio', { name: '1' })).toBeChecked();
    await user.click(group(dialog, /Mascotas/).getByRole('radio', { name: 'Sí' }));
    await user.click(group(dialog, /Fumadores/).getByRole('radio', { name: 'No' }));
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));

    const done = await dialog.findByRole('heading', { name: '¡Listo! Datos guardados' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(dialog.getByRole('link', { name: 'Ver inmuebles' })).toHaveAttribute('href', '/properties');
    expect(dialog.getByRole('button', { name: 'Ir a mi perfil' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/tenant/profile')[0]?.body).toEqual({
      nif: '12345678Z',
      typeContractCode: 'UTC001',
      salaryRangeCode: 'URS005',
      name: 'Carmen',
      surname: 'Ruiz Ortega',
      birthDate: '1990-05-14',
      countryCode: 'ES',
      civilStatusCode: 'UCS001',
      numberCohabitants: 1,
      numberChildren: 1,
      hasPets: true,
      hasSmokers: false,
    });
    expect(toasts()).toContain('Se han modificado los datos correctamente');
    expect(actions.refresh).toHaveBeenCalled();
    // The hub behind shows the saved profile.
    expect(await screen.findByText('Tu perfil está completo.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Ir a mi perfil' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);

  it('says a radio selector is required once left empty, and drops an unknown preset value', async () => {
    mockApi({
      ...mastersRoute,
      'GET /api/tenant': () =>
        ok(emptyProfile({ id: fullProfile().id, nif: '12345678Z', typeContractCode: 'UTC099' })),
    });
    const user = userEvent.setup();
    renderAt('/profile');
    const dialog = await openWizard(user);
    const contract = group(dialog, /Tipo de contrato/);
    expect(contract.getByText("La opción 'UTC099' no existe en Tipo de contrato")).toBeInTheDocument();
    for (const radio of contract.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(dialog.getByRole('button', { name: 'Siguiente' })).toBeDisabled();

    // The civil status, on step 2, left without a choice.
    await user.click(contract.getByRole('radio', { name: 'Temporal' }));
    expect(contract.queryByText(/no existe/)).toBeNull();
    await user.selectOptions(dialog.getByRole('combobox', { name: /Tramo de ingresos/ }), 'URS002');
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    await dialog.findByRole('heading', { name: 'Paso 2 de 3: Datos personales' });
    const status = group(dialog, /Estado civil/);
    act(() => status.getByRole('radio', { name: 'Casado/a' }).focus());
    act(() => dialog.getByRole('combobox', { name: /Nacionalidad/ }).focus());
    expect(await status.findByText('El campo Estado civil es requerido')).toBeInTheDocument();
  });

  it('checks the NIF with the domain rule before going on', async () => {
    mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(emptyProfile({ guarantors: [person(1, { role: 'guarantor' })] })),
    });
    const user = userEvent.setup();
    renderAt('/profile');
    const dialog = await openWizard(user);
    await fillWork(user, dialog, '12345678A');
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    const nif = dialog.getByRole('textbox', { name: /DNI\/NIE/ });
    expect(nif).toHaveAccessibleDescription(expect.stringContaining('El DNI/NIF/NIE no es válido'));
    await user.clear(nif);
    await enter(user, nif, 'x1234567l');
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    expect(nif).toHaveAccessibleDescription(
      expect.stringContaining('Este DNI/NIF/NIE ya está siendo usado por un avalista'),
    );
    expect(dialog.getByRole('heading', { name: 'Paso 1 de 3: Situación laboral' })).toBeInTheDocument();
  });

  it('shows a field error of the API on its field, on its step, with the wizard open', async () => {
    const api = mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(emptyProfile()),
      'PUT /api/tenant/profile': () => fail(422, 'NIF_USED_BY_COTITULAR', 'nif'),
    });
    const user = userEvent.setup();
    renderAt('/profile');
    const dialog = await openWizard(user);
    await fillWork(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    await fillPersonal(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    await dialog.findByRole('heading', { name: 'Paso 3 de 3: Convivencia' });
    await user.click(group(dialog, /Mascotas/).getByRole('radio', { name: 'No' }));
    await user.click(group(dialog, /Fumadores/).getByRole('radio', { name: 'No' }));
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));

    await dialog.findByRole('heading', { name: 'Paso 1 de 3: Situación laboral' });
    const nif = dialog.getByRole('textbox', { name: /DNI\/NIE/ });
    await waitFor(() => expect(nif).toHaveFocus());
    expect(nif).toHaveAccessibleDescription(
      expect.stringContaining('Este DNI/NIF/NIE ya está siendo usado por otro co-titular'),
    );
    expect(toasts()).toEqual([]);
    expect(api.callsTo('PUT', '/api/tenant/profile')).toHaveLength(1);
  }, 20_000);

  it('closes on any other failed save, with the API error as a toast (SPEC 8)', async () => {
    mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(fullProfile({ completeness: emptyProfile().completeness })),
      'PUT /api/tenant/profile': () => fail(500, 'INTERNAL_ERROR'),
    });
    const user = userEvent.setup();
    renderAt('/profile');
    const dialog = await openWizard(user);
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts()).toEqual(['Ha ocurrido un error interno en el servidor.']);
  });
});

describe('the personal step of the tenant’s own profile (issue 23 point 15)', () => {
  it('starts with the account’s name and surname, which stay editable', async () => {
    const api = mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(emptyProfile()),
      'PUT /api/tenant/profile': () => ok(fullProfile()),
    });
    const user = userEvent.setup();
    renderAt('/profile', accountUser({ name: 'Lucía', surname: 'Martín Soto' }));
    const dialog = await openWizard(user);
    await fillWork(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    await dialog.findByRole('heading', { name: 'Paso 2 de 3: Datos personales' });

    const name = dialog.getByRole('textbox', { name: /^Nombre/ });
    const surname = dialog.getByRole('textbox', { name: /^Apellidos/ });
    expect(name).toHaveValue('Lucía');
    expect(surname).toHaveValue('Martín Soto');
    // Editable: the profile may carry the name as on the DNI.
    await user.clear(surname);
    await enter(user, surname, 'Martín-Soto García');
    await user.type(dialog.getByLabelText(/Fecha de nacimiento/), '1990-05-14');
    await user.selectOptions(dialog.getByRole('combobox', { name: /Nacionalidad/ }), 'ES');
    await user.click(dialog.getByRole('radio', { name: 'Soltero/a' }));
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    await dialog.findByRole('heading', { name: 'Paso 3 de 3: Convivencia' });
    await user.click(group(dialog, /Mascotas/).getByRole('radio', { name: 'No' }));
    await user.click(group(dialog, /Fumadores/).getByRole('radio', { name: 'No' }));
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    await dialog.findByRole('heading', { name: '¡Listo! Datos guardados' });
    expect(api.callsTo('PUT', '/api/tenant/profile')[0]?.body).toMatchObject({
      name: 'Lucía',
      surname: 'Martín-Soto García',
    });
  }, 20_000);

  it('keeps the name the profile already has, and a co-holder starts empty', async () => {
    mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(fullProfile({ name: 'Carmen', surname: 'Ruiz Ortega' })),
    });
    const user = userEvent.setup();
    renderAt('/profile/co-titulars', accountUser({ name: 'Lucía', surname: 'Martín Soto' }));
    await user.click(await screen.findByRole('button', { name: 'Añadir co-titular' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Añadir co-titular' }));
    await fillWork(user, dialog, '00000000T');
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    await dialog.findByRole('heading', { name: 'Paso 2 de 2: Datos personales' });
    expect(dialog.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('');
    expect(dialog.getByRole('textbox', { name: /^Apellidos/ })).toHaveValue('');
  }, 20_000);
});

describe('the co-holder wizard', () => {
  it('has 2 steps and creates the person under a client id', async () => {
    const created = person(7, { nif: '00000000T', name: 'Ana', surname: 'Vidal' });
    const api = mockApi({
      ...mastersRoute,
      'GET /api/tenant': () => ok(fullProfile()),
      'POST /api/tenant/co-titular': () => (call) => json201(call.body, created),
    });
    const user = userEvent.setup();
    renderAt('/profile/co-titulars');
    expect(await screen.findByText('Todavía no has añadido ningún co-titular')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Añadir co-titular' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Añadir co-titular' }));
    expect(dialog.getByRole('heading', { name: 'Paso 1 de 2: Situación laboral' })).toBeInTheDocument();
    // The tenant's own DNI is not the co-holder's.
    await fillWork(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    expect(dialog.getByRole('textbox', { name: /DNI\/NIE/ })).toHaveAccessibleDescription(
      expect.stringContaining('Este DNI/NIF/NIE es el del titular del perfil'),
    );
    await user.clear(dialog.getByRole('textbox', { name: /DNI\/NIE/ }));
    await enter(user, dialog.getByRole('textbox', { name: /DNI\/NIE/ }), '00000000T');
    await user.click(dialog.getByRole('button', { name: 'Siguiente' }));
    await dialog.findByRole('heading', { name: 'Paso 2 de 2: Datos personales' });
    await fillPersonal(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));

    expect(await dialog.findByRole('heading', { name: '¡Listo! Datos guardados' })).toBeInTheDocument();
    expect(toasts()).toContain('Se ha guardado un co-titular correctamente');
    const body = api.callsTo('POST', '/api/tenant/co-titular')[0]?.body as Record<string, unknown>;
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body).toMatchObject({ nif: '00000000T', typeContractCode: 'UTC001', name: 'Carmen' });
    expect(body).not.toHaveProperty('numberCohabitants');
  }, 20_000);
});

const json201 = (_body: unknown, data: unknown) =>
  new Response(JSON.stringify({ data }), { status: 201, headers: { 'Content-Type': 'application/json' } });
