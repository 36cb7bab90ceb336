import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../shared/storage-keys';
import { json, mockApi, ok } from '../../../test/mock-api';
import {
  announcementId,
  management,
  mastersRoute,
  myOffer,
  renderOfferAction,
  sampleProperty,
  saleAnnouncement,
} from '../test-data';

/**
 * Issue 23 point 9, "typed once": the employment section offers to save what it asks to the profile (an
 * explicit tick, unticked by default unless ticked last time), the offer carries `saveToProfile`, and the
 * next dialog skips the section once the profile holds it.
 */

const myOffersRoute = 'GET /api/tenant/offers';
const pendingRoute = `POST /api/announcement/${announcementId}/pending-offers`;
const offersRoute = `POST /api/announcement/${announcementId}/offers`;
const saveLabel = 'Guardar estos datos en mi perfil para la próxima vez';
const dialog = (name: string) => screen.findByRole('dialog', { name });

beforeAll(async () => {
  await import('./offer-flow');
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

/** Opens the dialog and goes past the price step to the management dialog. */
async function openManagement(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
  await user.click(within(await dialog('Hacer oferta')).getByRole('button', { name: 'Siguiente' }));
  return dialog('Hacer oferta');
}

async function fillRentalEmployment(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(within(form).getByRole('textbox', { name: /DNI, NIF o NIE/ }), '12345678Z');
  await user.selectOptions(within(form).getByRole('combobox', { name: /Tipo de contrato/ }), 'Indefinido');
  await user.type(within(form).getByRole('textbox', { name: /Salario neto mensual/ }), '1.850');
}

describe('"Guardar estos datos en mi perfil" (issue 23 point 9)', () => {
  it('is unticked at first; ticked, the offer carries saveToProfile and the next dialog skips the section', async () => {
    const user = userEvent.setup();
    const property = sampleProperty();
    let profileHasWork = false;
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      // The API saved the section with the offer: the next pending-offer call says the profile holds it.
      [pendingRoute]: () =>
        ok(
          management(property, {
            actions: {
              canMakeOffer: true,
              hasTenantProfileCompleted: false,
              hasTenantProfileCompletedToOffer: profileHasWork,
              hasProfileCompletedToSaleOffer: profileHasWork,
            },
          }),
        ),
      [offersRoute]: () => (call) => {
        if ((call.body as { saveToProfile?: boolean }).saveToProfile === true) profileHasWork = true;
        return json(201, { data: myOffer(property, { amount: 1100 }) });
      },
    });
    const first = renderOfferAction(property);
    const form = await openManagement(user);
    const section = within(form).getByRole('group', { name: 'Situación laboral' });
    const save = within(section).getByRole('checkbox', { name: saveLabel });
    expect(save).not.toBeChecked();
    await fillRentalEmployment(user, form);
    await user.click(save);
    expect(save).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Enviar oferta' }));
    await dialog('Tu oferta se ha enviado');
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[0]?.body).toMatchObject({
      nif: '12345678Z',
      typeContractCode: 'UTC001',
      salary: 1850,
      saveToProfile: true,
    });
    expect(localStorage.getItem(storageKeys.offerSaveToProfile)).toBe('true');
    first.unmount();

    // The next offer: nothing to type again, no section, no employment fields sent.
    renderOfferAction(property);
    const next = await openManagement(user);
    expect(within(next).queryByRole('group', { name: 'Situación laboral' })).not.toBeInTheDocument();
    expect(within(next).queryByRole('checkbox', { name: saveLabel })).not.toBeInTheDocument();
    await user.click(within(next).getByRole('button', { name: 'Enviar oferta' }));
    await dialog('Tu oferta se ha enviado');
    const second = api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[1]?.body;
    expect(second).not.toHaveProperty('nif');
    expect(second).not.toHaveProperty('saveToProfile');
  });

  it('sends no saveToProfile when left unticked, and starts ticked only after a ticked send', async () => {
    const user = userEvent.setup();
    const property = sampleProperty();
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [pendingRoute]: () => ok(management(property)),
      [offersRoute]: () => json(201, { data: myOffer(property, { amount: 1100 }) }),
    });
    const first = renderOfferAction(property);
    const form = await openManagement(user);
    await fillRentalEmployment(user, form);
    await user.click(within(form).getByRole('button', { name: 'Enviar oferta' }));
    await dialog('Tu oferta se ha enviado');
    const body = api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[0]?.body;
    expect(body).toMatchObject({ nif: '12345678Z', salary: 1850 });
    expect(body).not.toHaveProperty('saveToProfile');
    expect(localStorage.getItem(storageKeys.offerSaveToProfile)).toBeNull();
    first.unmount();

    // Ticked last time (and the profile still lacks this kind's data): the box starts ticked.
    localStorage.setItem(storageKeys.offerSaveToProfile, 'true');
    renderOfferAction(property);
    const next = await openManagement(user);
    expect(within(next).getByRole('checkbox', { name: saveLabel })).toBeChecked();
  });

  it('offers the box on a sale, whose section asks only the contract type', async () => {
    const user = userEvent.setup();
    const property = sampleProperty(saleAnnouncement);
    mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [pendingRoute]: () => ok(management(property)),
    });
    renderOfferAction(property);
    const form = await openManagement(user);
    const section = within(form).getByRole('group', { name: 'Situación laboral' });
    expect(within(section).queryByRole('textbox', { name: /DNI, NIF o NIE/ })).not.toBeInTheDocument();
    expect(within(section).getByRole('checkbox', { name: saveLabel })).not.toBeChecked();
  });
});
