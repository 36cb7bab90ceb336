import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { storageKeys } from '../../../shared/storage-keys';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { ownerAnnouncement, propertyId, propertyPage, propertySummary, renderAt } from '../test-data';

beforeEach(() => {
  clearToasts();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const draftTitle = 'Calle del Espíritu Santo, Madrid';
const draft = propertySummary({
  title: draftTitle,
  validationStatus: 'PSG000',
  announcements: 0,
  canDiscard: true,
  tab: 'drafts',
  nextStep: 'continueProperty',
  nextAnnouncementId: null,
});
const toastTexts = () => getToasts().map((toast) => toast.message);

/** The owner's list with one property draft that disappears once DELETE answers. */
function listWithDraft(deleteAnswer = () => ok({ deleted: true })) {
  let gone = false;
  return mockApi({
    'GET /api/announcement/in-progress': () => ok([]),
    'GET /api/announcement/properties': () =>
      ok(gone ? [] : [draft, propertySummary({ id: 'otro', title: 'Ático validado' })]),
    [`DELETE /api/property/${propertyId}`]: () => {
      const answer = deleteAnswer();
      gone = answer.ok;
      return answer;
    },
  });
}

describe('Descartar borrador of a property', () => {
  it('lists the property draft under Borradores with its actions', async () => {
    listWithDraft();
    renderAt('/announcement-list');
    expect(await screen.findByRole('tab', { name: 'Borradores (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const drafts = screen.getByRole('list', { name: 'Tus inmuebles' });
    expect(within(drafts).getByRole('heading', { level: 2, name: draftTitle })).toBeInTheDocument();
    expect(within(drafts).getByText('Inmueble sin terminar')).toBeInTheDocument();
    expect(screen.queryByText('Ático validado')).toBeNull();
    const actions = screen.getByRole('group', { name: `Acciones de ${draftTitle}` });
    expect(within(actions).getByRole('link', { name: 'Continuar' })).toHaveAttribute(
      'href',
      `/new-property/${propertyId}`,
    );
    expect(within(actions).getByRole('button', { name: 'Descartar borrador' })).toBeInTheDocument();
  });

  it('asks first with the focus on Cancelar, and gives the focus back when cancelled', async () => {
    const api = listWithDraft();
    const user = userEvent.setup();
    renderAt('/announcement-list');
    const discard = await screen.findByRole('button', { name: 'Descartar borrador' });
    await user.click(discard);
    const dialog = screen.getByRole('dialog', { name: '¿Descartar el borrador del inmueble?' });
    expect(dialog).toHaveTextContent(`Se borrarán «${draftTitle}», sus fotos y los anuncios en borrador`);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(discard).toHaveFocus();
    await user.click(discard);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(discard).toHaveFocus();
    expect(api.callsTo('DELETE', `/api/property/${propertyId}`)).toHaveLength(0);
  });

  it('discards on confirmation, confirms with a toast, refreshes the list and forgets the stored form', async () => {
    localStorage.setItem(
      storageKeys.newPropertyDraft,
      JSON.stringify({ id: propertyId, isNew: true, step: 1, values: {} }),
    );
    const api = listWithDraft();
    const user = userEvent.setup();
    renderAt('/announcement-list');
    await user.click(await screen.findByRole('button', { name: 'Descartar borrador' }));
    await user.click(screen.getByRole('button', { name: 'Sí, descartar' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Todavía no tienes anuncios' }),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/property/${propertyId}`)).toHaveLength(1);
    expect(toastTexts()).toContain('Borrador descartado');
    expect(api.callsTo('GET', '/api/announcement/properties')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Mis anuncios' })).toHaveFocus(),
    );
    expect(localStorage.getItem(storageKeys.newPropertyDraft)).toBeNull();
  });

  it('keeps the card and shows the error of a 409 (the property was sent meanwhile)', async () => {
    listWithDraft(() => fail(409, 'PROPERTY_NOT_DISCARDABLE'));
    const user = userEvent.setup();
    renderAt('/announcement-list');
    const discard = await screen.findByRole('button', { name: 'Descartar borrador' });
    await user.click(discard);
    await user.click(screen.getByRole('button', { name: 'Sí, descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastTexts()).toContain(
      'Este inmueble ya se envió a revisión o tiene anuncios publicados: no se puede descartar como borrador.',
    );
    expect(toastTexts()).not.toContain('Borrador descartado');
    expect(screen.getByRole('heading', { name: draftTitle })).toBeInTheDocument();
    expect(discard).toHaveFocus();
  });

  it('offers no discard for a property draft the API does not allow to discard', async () => {
    mockApi({
      'GET /api/announcement/in-progress': () => ok([ownerAnnouncement(1)]),
      'GET /api/announcement/properties': () => ok([{ ...draft, canDiscard: false }]),
    });
    const user = userEvent.setup();
    renderAt('/announcement-list');
    await user.click(await screen.findByRole('tab', { name: 'Borradores (1)' }));
    const actions = screen.getByRole('group', { name: `Acciones de ${draftTitle}` });
    expect(within(actions).queryByRole('button', { name: 'Descartar borrador' })).toBeNull();
  });

  it('discards from /property-detail and goes back to Mis anuncios', async () => {
    const api = mockApi({
      [`GET /api/property/${propertyId}`]: () =>
        ok({ ...propertyPage, owner: { ...propertyPage.owner, validationStatus: 'PSG000' } }),
      'GET /api/announcement/properties': () => ok([draft]),
      'GET /api/announcement/in-progress': () => ok([]),
      [`DELETE /api/property/${propertyId}`]: () => ok({ deleted: true }),
    });
    const user = userEvent.setup();
    renderAt(`/property-detail/${propertyId}`);
    await user.click(await screen.findByRole('button', { name: 'Descartar borrador' }));
    const dialog = screen.getByRole('dialog', { name: '¿Descartar el borrador del inmueble?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, descartar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/announcement-list'));
    expect(api.callsTo('DELETE', `/api/property/${propertyId}`)).toHaveLength(1);
    expect(api.callsTo('GET', `/api/property/${propertyId}`)).toHaveLength(1);
    expect(toastTexts()).toContain('Borrador descartado');
  });

  it('shows no discard on /property-detail once the property was sent to validation', async () => {
    mockApi({
      [`GET /api/property/${propertyId}`]: () => ok(propertyPage),
      'GET /api/announcement/properties': () => ok([propertySummary()]),
      'GET /api/announcement/in-progress': () => ok([]),
    });
    renderAt(`/property-detail/${propertyId}`);
    expect(await screen.findByRole('link', { name: 'Editar inmueble' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descartar borrador' })).toBeNull();
  });
});
