import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, type ApiCall } from '../../../test/mock-api';
import { storageKeys } from '../../../shared/storage-keys';
import { clearToasts, dismissToast, getToasts, runToastAction } from '../../../shared/ui/toast-store';
import { completeValues, FakeXhr, image, propertyId, provinces, renderAt, storeDraft } from '../test-support';

const imagesPath = `/api/announcement/property/${propertyId}/images`;
const photo = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.setItem(storageKeys.bearerToken, 'owner-token');
  storeDraft({ id: propertyId, step: 2, values: completeValues });
});
afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const removalToast = () => {
  const toast = getToasts().find((item) => item.message === 'Foto eliminada.');
  if (!toast) throw new Error('no removal toast');
  return toast;
};

const openPhotos = async (existing = [image(1), image(2), image(3)], extra = {}) => {
  const api = mockApi({
    'POST /api/masters/province': () => ok(provinces),
    [`GET ${imagesPath}`]: () => ok(existing),
    ...extra,
  });
  renderAt('/new-property?section=venta');
  await screen.findByRole('heading', { level: 2, name: /Paso 3 de 4 Fotos/ });
  return api;
};

describe('photos step', () => {
  it('uploads each photo with a progress bar, and shows why the server refused one', async () => {
    await openPhotos([]);
    const user = userEvent.setup();
    expect(await screen.findByText(/Te recomendamos subir al menos 3 fotos/)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Añadir fotos'), [photo('salon.jpg'), photo('plano.jpg')]);

    expect(FakeXhr.sent).toHaveLength(2);
    const [first, second] = FakeXhr.sent;
    expect(first?.url).toBe('/api/announcement/images');
    expect(first?.timeout).toBe(120_000);
    expect(first?.headers.Authorization).toBe('Bearer owner-token');
    expect([...(first?.body?.keys() ?? [])]).toEqual(['propertyId', 'file']);
    expect(first?.body?.get('propertyId')).toBe(propertyId);

    act(() => first?.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Subiendo salon.jpg' })).toHaveAttribute('value', '40');
    act(() => first?.respond(200, { data: image(7) }));
    act(() => second?.respond(415, { errors: [{ code: 'IMAGE_INVALID', message: 'IMAGE_INVALID' }] }));

    const list = await screen.findByRole('list', { name: 'Fotos del inmueble' });
    expect(within(list).getAllByRole('img')).toHaveLength(1);
    expect(within(list).getByText('Portada')).toBeInTheDocument();
    const uploads = screen.getByRole('list', { name: 'Fotos en subida' });
    expect(within(uploads).getByText('plano.jpg')).toBeInTheDocument();
    expect(within(uploads).getByRole('alert')).toHaveTextContent(
      'No es una imagen. Sube fotos en JPG, PNG, WebP o HEIC.',
    );
    expect(within(uploads).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    await user.click(within(uploads).getByRole('button', { name: 'Quitar' }));
    expect(screen.queryByRole('list', { name: 'Fotos en subida' })).not.toBeInTheDocument();
  });

  it('sends at most three photos at a time', async () => {
    await openPhotos([]);
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('Añadir fotos'),
      ['a', 'b', 'c', 'd'].map((name) => photo(`${name}.jpg`)),
    );
    expect(FakeXhr.sent).toHaveLength(3);
    expect(screen.getByText('En espera')).toBeInTheDocument();
    act(() => FakeXhr.sent[0]?.respond(200, { data: image(4) }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(4));
  });

  it('reorders with Mover antes / Mover después, keeping focus on the moved photo', async () => {
    const api = await openPhotos(undefined, {
      [`PUT /api/property/${propertyId}/images/order`]: () => (call: ApiCall) => {
        const ids = (call.body as { imageIds: string[] }).imageIds;
        return ok(ids.map((id) => [image(1), image(2), image(3)].find((item) => item.id === id)));
      },
    });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Fotos del inmueble' });
    const first = within(list).getByRole('group', { name: 'Acciones de la foto 1' });
    expect(within(first).getByRole('button', { name: 'Mover antes' })).toBeDisabled();

    await user.click(within(first).getByRole('button', { name: 'Mover después' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/api/property/${propertyId}/images/order`)[0]?.body).toEqual({
        imageIds: [image(2).id, image(1).id, image(3).id],
      }),
    );
    const items = within(list).getAllByRole('listitem');
    expect(items[1]).toHaveAttribute('data-photo-id', image(1).id);
    expect(within(items[0] ?? list).getByText('Portada')).toBeInTheDocument();
    expect(document.activeElement).toHaveTextContent('Mover después');
    expect(items[1]?.contains(document.activeElement)).toBe(true);
    expect(screen.getByText('Foto movida a la posición 2 de 3.')).toBeInTheDocument();

    await user.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('data-photo-id', image(1).id),
    );
  });

  it('deletes a photo only once the undo window is over', async () => {
    const deletePath = `/api/property/${propertyId}/image/${image(2).id}`;
    const api = await openPhotos(undefined, { [`DELETE ${deletePath}`]: () => ok({ deleted: true }) });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Fotos del inmueble' });
    const second = within(list).getByRole('group', { name: 'Acciones de la foto 2' });
    await user.click(within(second).getByRole('button', { name: 'Eliminar' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByLabelText('Añadir fotos')).toHaveFocus();
    expect(screen.getByText(/Te recomendamos subir al menos 3 fotos/)).toBeInTheDocument();
    expect(removalToast().action?.label).toBe('Deshacer');
    expect(api.callsTo('DELETE', deletePath)).toHaveLength(0);

    // The toast's time runs out (or it is closed): now the photo is deleted.
    act(() => dismissToast(removalToast().id, 'timeout'));
    await waitFor(() => expect(api.callsTo('DELETE', deletePath)).toHaveLength(1));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it("'Deshacer' brings the photo back to its place and nothing is deleted", async () => {
    const api = await openPhotos();
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Fotos del inmueble' });
    const second = within(list).getByRole('group', { name: 'Acciones de la foto 2' });
    await user.click(within(second).getByRole('button', { name: 'Eliminar' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    act(() => runToastAction(removalToast().id));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-photo-id'))).toEqual([
      image(1).id,
      image(2).id,
      image(3).id,
    ]);
    expect(items[1]?.contains(document.activeElement)).toBe(true);
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('says what is wrong with an empty file or one that is not an image, once each', async () => {
    await openPhotos([]);
    const user = userEvent.setup({ applyAccept: false });
    const empty = new File([], 'vacia.jpg', { type: 'image/jpeg' });
    const text = new File(['hola'], 'notas.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Añadir fotos'), [empty, text]);
    // The same files chosen again do not add their errors a second time.
    await user.upload(screen.getByLabelText('Añadir fotos'), [empty, text]);

    expect(FakeXhr.sent).toHaveLength(0);
    const uploads = screen.getByRole('list', { name: 'Fotos en subida' });
    expect(within(uploads).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(uploads)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([
      'El archivo está vacío. Elige otra foto.',
      'No es una imagen. Sube fotos en JPG, PNG, WebP o HEIC.',
    ]);
  });
});
