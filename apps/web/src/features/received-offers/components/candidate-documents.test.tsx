import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../../test/capture-downloads';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { clearToasts } from '../../../shared/ui/toast-store';
import {
  myAnnouncement,
  offerDetail,
  offerIdOf,
  offerPath,
  offersPath,
  ownerOffer,
  ownerOffers,
  propertyId,
  renderAt,
} from '../test-data';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const offer = ownerOffer(1);
const documentsPath = `${offerPath(1)}/documents`;
const document = (n: number, fileName: string, kindCode = 'TDK002') => ({
  id: `70000000-0000-4000-8000-00000000000${n}`,
  kindCode,
  fileName,
  contentType: 'application/pdf',
  size: 1_572_864,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const openDetail = (documents: () => Response) => {
  const api = mockApi({
    'GET /api/announcement/in-progress': () => ok([myAnnouncement()]),
    [`GET ${offersPath}`]: () => ok(ownerOffers([offer])),
    [`GET ${offerPath(1)}`]: () => ok(offerDetail(offer, [])),
    [`GET ${documentsPath}`]: documents,
    [`GET ${documentsPath}/${document(1, '').id}/download`]: () =>
      new Response(new Blob(['%PDF']), {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="nomina-octubre.pdf"' },
      }),
  });
  renderAt(`/property/${propertyId}/offers/${offerIdOf(1)}`);
  return api;
};

// The page's dialogs are lazy chunks (issue 29 point 5): loaded once here, so each test waits for the
// dialog it opens, not for its module to be transformed.
beforeAll(async () => {
  await Promise.all([
    import('./close-bidding-dialog'),
    import('./compare-dialog'),
    import('./invite-dialog'),
    import('./offer-detail-dialog'),
    import('./select-dialog'),
  ]);
});

describe("the candidate's documentation in the offer's detail", () => {
  it('lists what the candidate shares, by person, and downloads a file', async () => {
    const downloads = captureDownloads();
    const api = openDetail(() =>
      ok({
        sharedAt: '2026-11-21T09:00:00.000Z',
        people: [
          {
            personId: null,
            role: 'tenant',
            name: 'Candidato 1',
            documents: [document(1, 'nomina-octubre.pdf')],
          },
          {
            personId: '80000000-0000-4000-8000-000000000001',
            role: 'guarantor',
            name: 'Pilar Gómez',
            documents: [document(2, 'renta-2025.pdf', 'TDK004')],
          },
        ],
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Oferta de Candidato 1' });
    const section = await within(dialog).findByRole('region', { name: 'Documentación del candidato' });
    const mine = await within(section).findByRole('list', { name: 'Candidato: Candidato 1' });
    expect(mine).toHaveTextContent('Nóminas');
    expect(mine).toHaveTextContent('nomina-octubre.pdf');
    expect(mine).toHaveTextContent('1,5 MB');
    const guarantor = within(section).getByRole('list', { name: 'Avalista: Pilar Gómez' });
    expect(guarantor).toHaveTextContent('Declaración de la renta');

    await userEvent.setup().click(within(mine).getByRole('button', { name: 'Descargar nomina-octubre.pdf' }));
    await waitFor(() => expect(downloads.savedNames()).toHaveLength(1));
    expect(api.callsTo('GET', `${documentsPath}/${document(1, '').id}/download`)).toHaveLength(1);
    expect(downloads.savedNames()).toEqual(['nomina-octubre.pdf']);
    downloads.restore();
  });

  it('says when the candidate has not shared it', async () => {
    openDetail(() => fail(403, 'DOCUMENTS_NOT_SHARED'));
    const dialog = await screen.findByRole('dialog', { name: 'Oferta de Candidato 1' });
    expect(
      await within(dialog).findByText('El candidato no ha compartido su documentación'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Descargar/ })).toBeNull();
  });

  it('says it is shared but locked until the announcement is paid (402 ANNOUNCEMENT_NOT_PAID)', async () => {
    openDetail(() => fail(402, 'ANNOUNCEMENT_NOT_PAID'));
    const dialog = await screen.findByRole('dialog', { name: 'Oferta de Candidato 1' });
    expect(
      await within(dialog).findByText(
        'El candidato comparte su documentación contigo. La verás cuando pagues el anuncio.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('No hemos podido cargar la documentación del candidato.')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Descargar/ })).toBeNull();
  });
});
