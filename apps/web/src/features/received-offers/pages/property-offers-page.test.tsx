import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent, OwnerOffer } from '@casaoferta/domain/schemas/offers';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { clearToasts } from '../../../shared/ui/toast-store';
import {
  announcementId,
  eventsPath,
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

const page = `/property/${propertyId}/offers`;
const inProgress = () => ok([myAnnouncement()]);

/** A candidate who counts with nobody but themself. */
const nobody = { hasCoHolder: false, hasGuarantor: false };

/** Three paid offers: Candidato 1 (1.300, insufficient), 2 (1.100, solvent 30 %), 3 (1.250, solvent 40 %). */
const paidOffers = () => [
  ownerOffer(1, {
    amount: 1300,
    amountLocked: false,
    solvency: {
      statusCode: 'OSS004',
      ratio: 0.6,
      reasons: ['La renta supera el 40 % de los ingresos'],
      ...nobody,
    },
  }),
  ownerOffer(2, {
    amount: 1100,
    amountLocked: false,
    solvency: { statusCode: 'OSS002', ratio: 0.3, reasons: [], ...nobody },
  }),
  ownerOffer(3, {
    amount: 1250,
    amountLocked: false,
    solvency: { statusCode: 'OSS002', ratio: 0.4, reasons: [], ...nobody },
  }),
];

/** The candidates' names in the order the list shows them. */
const shownNames = () =>
  within(screen.getByRole('list', { name: 'Ofertas del anuncio' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

const cardOf = (name: string) => {
  const card = screen.getByRole('heading', { level: 2, name }).closest('li');
  if (!card) throw new Error(`no card for ${name}`);
  return within(card);
};

// The page's dialogs are lazy chunks (issue 29 point 5): loaded once here, so each test waits for the
// dialog it opens, not for its module to be transformed.
beforeAll(async () => {
  await Promise.all([
    import('../components/close-bidding-dialog'),
    import('../components/compare-dialog'),
    import('../components/invite-dialog'),
    import('../components/offer-detail-dialog'),
    import('../components/select-dialog'),
  ]);
});

describe('/property/:id/offers', () => {
  it('says honestly that amounts unlock with the payment, and cannot sort by a hidden amount', async () => {
    mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () =>
        ok(
          ownerOffers([
            ownerOffer(2, { seenAt: '2026-11-20T10:00:00.000Z' }),
            ownerOffer(1, {
              candidate: { displayName: 'Laura G.', isVerified: true },
              solvency: { statusCode: 'OSS002', ratio: 0.35, reasons: ['Contrato indefinido'], ...nobody },
            }),
          ]),
        ),
    });
    renderAt(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ofertas recibidas' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Ofertas del anuncio' });
    expect(
      screen.getByText(/se desbloquean con el pago del anuncio\. Sin pagar puedes comparar/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /pagar/i })).toBeNull();
    // The locked state leads to the payment summary: /property/{announcementId}/offers/payment/{propertyId}.
    expect(screen.getByRole('link', { name: 'Pagar y ver importes y contactos' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/property\/[^/]+\/offers\/payment\/[^/]+$/),
    );
    const laura = cardOf('Laura G.');
    expect(laura.getByText('Importe oculto hasta el pago del anuncio')).toBeInTheDocument();
    expect(laura.getByText('Verificado')).toBeInTheDocument();
    expect(laura.getByText('Nueva')).toBeInTheDocument();
    expect(laura.getByText('Solvente')).toBeInTheDocument();
    expect(laura.getByText('Esfuerzo: 35 % de sus ingresos')).toBeInTheDocument();
    expect(laura.getByText('Contrato indefinido')).toBeInTheDocument();
    expect(laura.getByText('Indefinido')).toBeInTheDocument();
    expect(laura.getByText('3.000 €/mes')).toBeInTheDocument();
    expect(cardOf('Candidato 2').queryByText('Nueva')).toBeNull();

    const sort = screen.getByRole('combobox', { name: 'Ordenar por' });
    expect(sort).toHaveValue('date');
    expect(within(sort).getByRole('option', { name: 'Importe (disponible tras el pago)' })).toBeDisabled();
    // Newest first, as the API answers them.
    expect(shownNames()).toEqual(['Candidato 2', 'Laura G.']);
  });

  it('shows whom a candidate counts with before paying, and the effort of the household once paid (issue 23)', async () => {
    // 900 €/mes of a 2.000 € band with a guarantor of 600 €: the candidate's own box reads 35 %.
    const verdict = {
      statusCode: 'OSS003',
      ratio: null,
      reasons: [
        'El alquiler ofrecido no supera el 35\u00a0% de los ingresos netos declarados, contando los del avalista.',
      ],
      hasCoHolder: true,
      hasGuarantor: true,
    };
    let paid = false;
    mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () =>
        ok(
          ownerOffers(
            [
              ownerOffer(1, {
                candidate: { displayName: 'Laura G.', isVerified: true },
                amount: paid ? 900 : null,
                amountLocked: !paid,
                solvency: { ...verdict, ratio: paid ? 0.35 : null },
              }),
            ],
            { isPaid: paid },
          ),
        ),
    });
    const { unmount } = renderAt(page);
    await screen.findByRole('list', { name: 'Ofertas del anuncio' });
    const locked = cardOf('Laura G.');
    expect(locked.getByText('Solvente con avalista')).toBeInTheDocument();
    expect(locked.getByText('Con avalista')).toBeInTheDocument();
    expect(locked.getByText('Con co-titular')).toBeInTheDocument();
    // No figure before paying.
    expect(locked.queryByText(/^Esfuerzo/)).toBeNull();
    unmount();
    paid = true;
    renderAt(page);
    const effort = await screen.findByText(/^Esfuerzo: 35.% de sus ingresos y los de su avalista$/);
    expect(cardOf('Laura G.').getByText('Con avalista')).toBeInTheDocument();
    expect(effort.textContent).toBe('Esfuerzo: 35\u00a0% de sus ingresos y los de su avalista');
  });

  it('shows the offers in the order the API sorts: amount (its default once paid), solvency, date', async () => {
    const [one, two, three] = paidOffers();
    if (!one || !two || !three) throw new Error('three offers');
    const byOrder: Record<string, OwnerOffer[]> = {
      amount: [one, three, two],
      solvency: [two, three, one],
      date: [three, two, one],
    };
    const api = mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () => (call) => {
        const sort = call.url.searchParams.get('sort') ?? 'amount';
        return ok(
          ownerOffers(byOrder[sort] ?? [], { isPaid: true, highestOffer: 1300 }, { sort: sort as 'amount' }),
        );
      },
    });
    renderAt(page);
    await screen.findByRole('list', { name: 'Ofertas del anuncio' });
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('amount');
    expect(shownNames()).toEqual(['Candidato 1', 'Candidato 3', 'Candidato 2']);
    expect(cardOf('Candidato 1').getByText('1.300 €/mes')).toBeInTheDocument();
    expect(screen.queryByText(/se desbloquean con el pago/)).toBeNull();
    // The first page asks for no order (the API's default), in pages of 50.
    expect(api.callsTo('GET', offersPath)[0]?.url.search).toBe('?limit=50');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'solvency');
    await waitFor(() => expect(shownNames()).toEqual(['Candidato 2', 'Candidato 3', 'Candidato 1']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'date');
    await waitFor(() => expect(shownNames()).toEqual(['Candidato 3', 'Candidato 2', 'Candidato 1']));
    expect(api.callsTo('GET', offersPath).map((c) => c.url.searchParams.get('sort'))).toEqual([
      null,
      'solvency',
      'date',
    ]);
  });

  it('compares two or three offers, never a fourth', async () => {
    mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () =>
        ok(
          ownerOffers([...paidOffers(), ownerOffer(4, { amount: 1200, amountLocked: false })], {
            isPaid: true,
          }),
        ),
    });
    renderAt(page);
    await screen.findByRole('list', { name: 'Ofertas del anuncio' });
    const user = userEvent.setup();
    await user.click(cardOf('Candidato 1').getByRole('checkbox', { name: 'Comparar' }));
    const bar = screen.getByRole('region', { name: 'Comparar ofertas' });
    expect(within(bar).getByText('1 de 3 ofertas para comparar')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Comparar' })).toBeDisabled();
    await user.click(cardOf('Candidato 2').getByRole('checkbox', { name: 'Comparar' }));
    await user.click(cardOf('Candidato 3').getByRole('checkbox', { name: 'Comparar' }));
    expect(within(bar).getByText('Puedes comparar hasta 3 ofertas a la vez.')).toBeInTheDocument();
    const fourth = cardOf('Candidato 4').getByRole('checkbox', { name: 'Comparar' });
    expect(fourth).toBeDisabled();
    await user.click(fourth);
    expect(fourth).not.toBeChecked();

    await user.click(within(bar).getByRole('button', { name: 'Comparar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comparar ofertas' });
    const table = within(dialog).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Candidato 1', 'Candidato 2', 'Candidato 3']);
    const amounts = within(table).getByRole('row', { name: /^Oferta/ });
    expect(
      within(amounts)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1.300 €/mes', '1.100 €/mes', '1.250 €/mes']);
    await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[0] ?? dialog);
    // One fewer frees a place.
    await user.click(cardOf('Candidato 3').getByRole('checkbox', { name: 'Comparar' }));
    expect(cardOf('Candidato 4').getByRole('checkbox', { name: 'Comparar' })).toBeEnabled();
  });

  it('marks a favourite (aria-pressed) and asks the API for the favourites only', async () => {
    let favorite = false;
    const api = mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () => (call) => {
        const all = [ownerOffer(1), ownerOffer(2, { isFavorite: favorite })];
        const favorites = call.url.searchParams.get('favorites') === 'true';
        return ok(
          ownerOffers(
            all.filter((offer) => !favorites || offer.isFavorite),
            {},
            { received: 2, total: favorites ? 1 : 2 },
          ),
        );
      },
      [`PUT ${offerPath(2)}/mark-favorite`]: () => {
        favorite = true;
        return ok(null);
      },
    });
    renderAt(page);
    await screen.findByRole('list', { name: 'Ofertas del anuncio' });
    const star = cardOf('Candidato 2').getByRole('button', { name: 'Favorita' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    const user = userEvent.setup();
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('PUT', `${offerPath(2)}/mark-favorite`)).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Solo favoritas' }));
    await waitFor(() => expect(shownNames()).toEqual(['Candidato 2']));
    expect(api.callsTo('GET', offersPath).at(-1)?.url.searchParams.get('favorites')).toBe('true');
  });

  it('puts the star back when the API refuses', async () => {
    mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () => ok(ownerOffers([ownerOffer(1)])),
      [`PUT ${offerPath(1)}/mark-favorite`]: () => fail(500, 'INTERNAL_ERROR'),
    });
    renderAt(page);
    await screen.findByRole('list', { name: 'Ofertas del anuncio' });
    const user = userEvent.setup();
    await user.click(cardOf('Candidato 1').getByRole('button', { name: 'Favorita' }));
    await waitFor(() =>
      expect(cardOf('Candidato 1').getByRole('button', { name: 'Favorita' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });

  it('selects a candidate with the reason the others read; the list shows selected and not selected', async () => {
    let decided = false;
    const api = mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () =>
        ok(
          decided
            ? ownerOffers(
                [
                  ownerOffer(1, { statusCode: 'OSC004', decisionReasonCode: 'ODR002' }),
                  ownerOffer(2, { statusCode: 'OSC002' }),
                ],
                { statusCode: 'AST004' },
              )
            : ownerOffers([ownerOffer(1), ownerOffer(2)]),
        ),
      [`POST ${offerPath(2)}/select-tenant`]: () => {
        decided = true;
        return ok(null);
      },
    });
    renderAt(page);
    await screen.findByRole('list', { name: 'Ofertas del anuncio' });
    const user = userEvent.setup();
    const opener = cardOf('Candidato 2').getByRole('button', { name: 'Elegir candidato' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Elegir a Candidato 2' });
    // Focus starts on the safe choice.
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    const reasons = within(dialog).getByRole('group', { name: 'Motivo que leerán los demás candidatos' });
    expect(within(reasons).getByRole('radio', { name: 'Ha elegido a otro candidato' })).toBeChecked();
    await user.click(within(reasons).getByRole('radio', { name: 'El precio ofrecido' }));
    await user.click(within(dialog).getByRole('button', { name: 'Elegir candidato' }));

    expect(api.callsTo('POST', `${offerPath(2)}/select-tenant`)[0]?.body).toEqual({ reasonCode: 'ODR002' });
    expect(await screen.findByText('Has elegido a Candidato 2')).toBeInTheDocument();
    await waitFor(() => expect(cardOf('Candidato 2').getByText('Seleccionada')).toBeInTheDocument());
    expect(cardOf('Candidato 1').getByText('No seleccionada')).toBeInTheDocument();
    expect(cardOf('Candidato 1').getByText('Motivo: El precio ofrecido')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Elegir candidato' })).toBeNull();
    expect(screen.getByText('Ya has elegido candidato para este anuncio.')).toBeInTheDocument();
  });

  it('reads the list again when another selection won (409)', async () => {
    let reads = 0;
    mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () => {
        reads += 1;
        return ok(
          reads === 1
            ? ownerOffers([ownerOffer(1), ownerOffer(2)])
            : ownerOffers(
                [ownerOffer(1, { statusCode: 'OSC002' }), ownerOffer(2, { statusCode: 'OSC004' })],
                {
                  statusCode: 'AST004',
                },
              ),
        );
      },
      [`POST ${offerPath(2)}/select-tenant`]: () => fail(409, 'OFFER_ALREADY_SELECTED'),
    });
    renderAt(page);
    await screen.findByRole('list', { name: 'Ofertas del anuncio' });
    const user = userEvent.setup();
    await user.click(cardOf('Candidato 2').getByRole('button', { name: 'Elegir candidato' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Elegir a Candidato 2' })).getByRole('button', {
        name: 'Elegir candidato',
      }),
    );
    expect(
      await screen.findByText('El propietario ya ha elegido una oferta en este anuncio.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(cardOf('Candidato 1').getByText('Seleccionada')).toBeInTheDocument());
    expect(cardOf('Candidato 2').getByText('No seleccionada')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes bidding after asking, and reopens it', async () => {
    let status = 'AST001';
    const api = mockApi({
      'GET /api/announcement/in-progress': () => ok([myAnnouncement({ statusCode: status })]),
      [`GET ${offersPath}`]: () => ok(ownerOffers([ownerOffer(1)], { statusCode: status })),
      [`PUT /api/announcement/${announcementId}/close-bidding`]: () => {
        status = 'AST003';
        return ok(myAnnouncement({ statusCode: status }));
      },
      [`PUT /api/announcement/${announcementId}/reactivate`]: () => {
        status = 'AST001';
        return ok(myAnnouncement({ statusCode: status }));
      },
    });
    renderAt(page);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cerrar ofertas' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar las ofertas?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('PUT', `/api/announcement/${announcementId}/close-bidding`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cerrar ofertas' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '¿Cerrar las ofertas?' })).getByRole('button', {
        name: 'Sí, cerrar ofertas',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Reabrir ofertas' })).toBeInTheDocument();
    expect(
      screen.getByText('Has cerrado las ofertas. Elige a un candidato o vuelve a abrirlas.'),
    ).toBeInTheDocument();
    // Bidding closed: the owner still chooses.
    expect(cardOf('Candidato 1').getByRole('button', { name: 'Elegir candidato' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reabrir ofertas' }));
    expect(await screen.findByRole('button', { name: 'Cerrar ofertas' })).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/announcement/${announcementId}/reactivate`)).toHaveLength(1);
  });

  it('invites someone by phone, checking the number first', async () => {
    const api = mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () => ok(ownerOffers([])),
      'POST /api/announcement/offers/invite': () => ok(null),
    });
    renderAt(page);
    expect(await screen.findByRole('heading', { name: 'Aún no has recibido ofertas' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Invitar a ofertar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitar a alguien a ofertar' });
    const phone = within(dialog).getByRole('textbox', { name: /Teléfono/ });
    expect(phone).toHaveFocus();
    await user.type(phone, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(within(dialog).getByText('Escribe un número de teléfono válido.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/announcement/offers/invite')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '612 34 56 78');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('Invitación enviada')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/announcement/offers/invite')[0]?.body).toEqual({
      announcementId,
      countryCode: 'ES',
      phoneNumber: '+34612345678',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens an offer’s detail and timeline at /offers/:offerId; the list drops its new marker', async () => {
    const offer = ownerOffer(1);
    mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () => ok(ownerOffers([offer])),
      [`GET ${offerPath(1)}`]: () =>
        ok(
          offerDetail({ ...offer, seenAt: '2026-11-22T10:00:00.000Z' }, [
            // Locked: an amount in the timeline stays hidden too.
            { kind: 'sent', at: '2026-11-11T09:00:00.000Z', amount: 1150, reasonCode: null },
            { kind: 'seen', at: '2026-11-22T10:00:00.000Z', amount: null, reasonCode: null },
          ]),
        ),
      [`GET ${offerPath(1)}/tenant-contact`]: () =>
        ok({ unlocked: false, name: 'Candidato', surname: null, phoneNumber: null }),
    });
    renderAt(`${page}/${offerIdOf(1)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Oferta de Candidato 1' });
    const timeline = await within(dialog).findByRole('list');
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Oferta enviada 11\/11\/26/),
      expect.stringMatching(/^Vista por ti 22\/11\/26/),
    ]);
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Ver datos de contacto' }));
    expect(
      await within(dialog).findByText('Los datos de contacto se desbloquean con el pago del anuncio.'),
    ).toBeInTheDocument();
    expect(cardOf('Candidato 1').queryByText('Nueva')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${page}$`));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a new offer as soon as the live event arrives', async () => {
    let offers: OwnerOffer[] = [ownerOffer(1)];
    const event: LiveEvent = { type: 'offer', announcementId, offerId: offerIdOf(2), kind: 'sent' };
    const stream: { push: ((text: string) => void) | null } = { push: null };
    mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () => ok(ownerOffers(offers)),
      [`GET ${eventsPath}`]: () => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            stream.push = (text) => controller.enqueue(encoder.encode(text));
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
      },
    });
    renderAt(page);
    await screen.findByRole('heading', { level: 2, name: 'Candidato 1' });
    offers = [ownerOffer(1), ownerOffer(2, { candidate: { displayName: 'Nuevo C.', isVerified: false } })];
    // The page follows the announcement's stream; the event tells it an offer arrived.
    await waitFor(() => expect(stream.push).not.toBeNull());
    stream.push?.(`event: offer\ndata: ${JSON.stringify(event)}\n\n`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Nuevo C.' })).toBeInTheDocument();
  });

  it('loads more offers with "Ver más ofertas", the focus on the first one loaded; live events read every page', async () => {
    let newest: OwnerOffer[] = [];
    const first = () => [...newest, ownerOffer(1), ownerOffer(2)].slice(0, 2);
    const api = mockApi({
      'GET /api/announcement/in-progress': inProgress,
      [`GET ${offersPath}`]: () => (call) => {
        const total = 3 + newest.length;
        const head = first();
        const last = head.at(-1)?.id ?? '';
        const cursor = call.url.searchParams.get('cursor');
        if (!cursor)
          return ok(ownerOffers(head, {}, { total, received: total, nextCursor: `after-${last}` }));
        // The page after the cursor: what follows the offer it names.
        const all = [...newest, ownerOffer(1), ownerOffer(2), ownerOffer(3)];
        const from = all.findIndex((offer) => `after-${offer.id}` === cursor) + 1;
        return ok(ownerOffers(all.slice(from, from + 2), {}, { total, received: total }));
      },
      [`GET ${eventsPath}`]: () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            stream.push = (text) => controller.enqueue(new TextEncoder().encode(text));
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
      },
    });
    const stream: { push: ((text: string) => void) | null } = { push: null };
    renderAt(page);
    await screen.findByRole('heading', { level: 2, name: 'Candidato 2' });
    expect(screen.getByText('Estás viendo 2 de 3 ofertas')).toBeInTheDocument();
    const user = userEvent.setup();
    const more = screen.getByRole('button', { name: 'Ver más ofertas' });
    more.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 2, name: 'Candidato 3' });
    expect(shownNames()).toEqual(['Candidato 1', 'Candidato 2', 'Candidato 3']);
    expect(screen.queryByRole('button', { name: 'Ver más ofertas' })).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Candidato 3' }).closest('li'),
    );
    expect(api.callsTo('GET', offersPath)[1]?.url.searchParams.get('cursor')).toBe(`after-${offerIdOf(2)}`);

    // An offer arrives: both pages are read again, the second from the new first page's last offer.
    newest = [ownerOffer(4, { candidate: { displayName: 'Nuevo C.', isVerified: false } })];
    await waitFor(() => expect(stream.push).not.toBeNull());
    stream.push?.(
      `event: offer\ndata: ${JSON.stringify({ type: 'offer', announcementId, offerId: offerIdOf(4), kind: 'sent' })}\n\n`,
    );
    await waitFor(() =>
      expect(shownNames()).toEqual(['Nuevo C.', 'Candidato 1', 'Candidato 2', 'Candidato 3']),
    );
    expect(screen.queryByText(/Estás viendo/)).toBeNull();
  });

  it('says so when the property has no announcement taking offers', async () => {
    mockApi({
      'GET /api/announcement/in-progress': () => ok([myAnnouncement({ statusCode: 'AST000' })]),
    });
    renderAt(page);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Este inmueble no tiene un anuncio publicado' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver el inmueble' })).toHaveAttribute(
      'href',
      `/property-detail/${propertyId}`,
    );
  });
});
