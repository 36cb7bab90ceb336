import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../../test/capture-downloads';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { FakeXhr } from '../../../test/fake-xhr';
import { storageKeys } from '../../../shared/storage-keys';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { doc, download, person, profile, renderPage } from '../test-data';

const pdf = (name: string, size = 4) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.setItem(storageKeys.bearerToken, 'tenant-token');
  clearToasts();
});
afterEach(() => vi.unstubAllGlobals());

const coHolder = person(1, 'co_holder', [doc(2, { kindCode: 'TDK001', fileName: 'dni-andres.jpg' })]);
const guarantor = person(2, 'guarantor');

describe('/profile/documentation', () => {
  it('lists the documents of each person, uploads one with its progress and loads the list again', async () => {
    let documents = [doc(1)];
    const api = mockApi({
      'GET /api/tenant': () =>
        ok(profile({ documents, coTitulars: [coHolder], guarantors: [guarantor], hasCoTitular: true })),
      'GET /api/document/downloads': () => ok([]),
    });
    renderPage();
    const mine = await screen.findByRole('region', { name: 'Tus documentos' });
    const item = within(mine).getByRole('listitem');
    expect(item).toHaveTextContent('Nóminas');
    expect(item).toHaveTextContent('nomina-1.pdf');
    expect(item).toHaveTextContent('244 KB');
    expect(item).toHaveTextContent('20 de noviembre de 2026');
    expect(
      within(screen.getByRole('region', { name: 'Co-titular: Andrés Ruiz' })).getByText('dni-andres.jpg'),
    ).toBeInTheDocument();
    const theGuarantor = screen.getByRole('region', { name: 'Avalista: Pilar Gómez' });
    expect(within(theGuarantor).getByText('Todavía no hay documentos.')).toBeInTheDocument();

    const user = userEvent.setup();
    const form = within(theGuarantor).getByRole('group', {
      name: 'Subir un documento: Avalista: Pilar Gómez',
    });
    await user.selectOptions(within(form).getByLabelText('Tipo de documento'), 'Declaración de la renta');
    await user.upload(within(form).getByLabelText('Elegir archivo'), pdf('renta.pdf'));

    expect(FakeXhr.sent).toHaveLength(1);
    const [xhr] = FakeXhr.sent;
    expect(xhr?.url).toBe(`/api/document/guarantor/${guarantor.id}`);
    expect(xhr?.timeout).toBe(120_000);
    expect(xhr?.headers.Authorization).toBe('Bearer tenant-token');
    expect([...(xhr?.body?.keys() ?? [])]).toEqual(['kindCode', 'file']);
    expect(xhr?.body?.get('kindCode')).toBe('TDK004');

    act(() => xhr?.progress(30, 100));
    const bar = within(form).getByRole('progressbar', { name: 'Subiendo renta.pdf' });
    expect(bar).toHaveAttribute('value', '30');
    expect(within(form).getByText('30 %')).toBeInTheDocument();

    documents = [doc(1), doc(3, { kindCode: 'TDK004', fileName: 'renta.pdf' })];
    const before = api.callsTo('GET', '/api/tenant').length;
    act(() => xhr?.respond(201, { data: documents[1] }));
    expect(await within(mine).findByText('renta.pdf')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/tenant').length).toBeGreaterThan(before);
    expect(screen.getByRole('status')).toHaveTextContent('Documento subido: renta.pdf');
    expect(within(form).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in Spanish, refuses a too-large file before sending and explains a time-out", async () => {
    mockApi({
      'GET /api/tenant': () => ok(profile()),
      'GET /api/document/downloads': () => ok([]),
    });
    renderPage();
    const mine = await screen.findByRole('region', { name: 'Tus documentos' });
    const user = userEvent.setup();
    const file = within(mine).getByLabelText('Elegir archivo');

    // No kind chosen yet: nothing is sent.
    await user.upload(file, pdf('nomina.pdf'));
    expect(FakeXhr.sent).toHaveLength(0);
    expect(within(mine).getByText('Elige primero el tipo de documento.')).toBeInTheDocument();

    await user.selectOptions(within(mine).getByLabelText('Tipo de documento'), 'Nóminas');
    await user.upload(file, pdf('nomina.pdf'));
    act(() =>
      FakeXhr.sent[0]?.respond(422, {
        errors: [{ code: 'DOCUMENT_PROTECTED', message: 'DOCUMENT_PROTECTED' }],
      }),
    );
    expect(await within(mine).findByRole('alert')).toHaveTextContent(
      'El PDF está protegido con contraseña. Sube una copia sin contraseña.',
    );

    await user.upload(file, pdf('enorme.pdf', 10 * 1024 * 1024 + 1));
    expect(FakeXhr.sent).toHaveLength(1);
    expect(within(mine).getByRole('alert')).toHaveTextContent(
      'El documento es demasiado grande. El máximo es 10 MB.',
    );

    await user.upload(file, pdf('lento.pdf'));
    expect(FakeXhr.sent).toHaveLength(2);
    act(() => FakeXhr.sent[1]?.timeOut());
    expect(await within(mine).findByRole('alert')).toHaveTextContent(
      'La subida ha tardado más de 2 minutos y la hemos cancelado.',
    );
  });

  it('asks before deleting a document, then deletes it', async () => {
    let documents = [doc(1)];
    const api = mockApi({
      'GET /api/tenant': () => ok(profile({ documents })),
      'GET /api/document/downloads': () => ok([]),
      [`DELETE /api/document/${doc(1).id}`]: () => {
        documents = [];
        return new Response(null, { status: 204 });
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Eliminar nomina-1.pdf' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar este documento?' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    expect(api.callsTo('DELETE', `/api/document/${doc(1).id}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/document/${doc(1).id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Eliminar nomina-1.pdf' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sí, eliminar' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/api/document/${doc(1).id}`)).toHaveLength(1));
    expect(await screen.findByText('Todavía no hay documentos.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tus documentos' })).toHaveFocus();
    expect(getToasts().map((toast) => toast.message)).toContain('Documento eliminado');
  });

  it('renders the downloads log and downloads a file with the token under its name', async () => {
    const downloads = captureDownloads();
    const api = mockApi({
      'GET /api/tenant': () => ok(profile({ documents: [doc(1)] })),
      'GET /api/document/downloads': () =>
        ok([
          download(1),
          download(2, { documentId: null, fileName: 'antiguo.pdf', byRole: 'tenant', byLabel: 'Tú' }),
        ]),
      'GET /api/document/download': () =>
        new Response(new Blob(['%PDF']), {
          status: 200,
          headers: { 'Content-Disposition': "attachment; filename*=UTF-8''n%C3%B3mina.pdf" },
        }),
    });
    renderPage();
    const log = await screen.findByRole('list', { name: 'Descargas de tus documentos' });
    const [first, second] = within(log).getAllByRole('listitem');
    expect(first).toHaveTextContent('nomina-1.pdf');
    expect(first).toHaveTextContent('Propietario de «Piso en Chamberí»');
    expect(first).toHaveTextContent('21 de noviembre de 2026');
    expect(second).toHaveTextContent('antiguo.pdf (documento eliminado)');
    expect(second).toHaveTextContent('Tú');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Descargar nomina-1.pdf' }));
    await waitFor(() => expect(downloads.savedNames()).toHaveLength(1));
    const [call] = api.callsTo('GET', '/api/document/download');
    expect(call?.url.searchParams.get('documentId')).toBe(doc(1).id);
    expect(call?.token).toBe('tenant-token');
    expect(downloads.savedNames()).toEqual(['nómina.pdf']);
    downloads.restore();
  });

  it('explains why to upload documents in a dialog', async () => {
    mockApi({
      'GET /api/tenant': () => ok(profile()),
      'GET /api/document/downloads': () => fail(500, 'INTERNAL_ERROR'),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '¿Por qué subir documentos?' }));
    const dialog = screen.getByRole('dialog', { name: '¿Por qué subir documentos?' });
    expect(dialog).toHaveTextContent('cifrados');
    expect(dialog).toHaveTextContent('Cada descarga queda registrada');
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No hemos podido cargar las descargas.')).toBeInTheDocument();
  });
});
