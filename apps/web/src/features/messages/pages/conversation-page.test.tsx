import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, ConversationEvent, Message } from '@casaoferta/domain/schemas/messages';
import { fail, json, mockApi, ok } from '../../../test/mock-api';
import ConversationPage from './conversation-page';

afterEach(() => vi.unstubAllGlobals());

const offerId = '11111111-1111-4111-8111-111111111111';
const base = `/api/offer/${offerId}`;

const message = (id: number, text: string, overrides: Partial<Message> = {}): Message => ({
  id,
  mine: false,
  text,
  masked: false,
  createdAt: '2026-11-28T10:00:00.000Z',
  seen: false,
  ...overrides,
});

const conversation = (messages: Message[], overrides: Partial<Conversation> = {}): Conversation => ({
  offerId,
  announcementId: '22222222-2222-4222-8222-222222222222',
  propertyId: '33333333-3333-4333-8333-333333333333',
  announcementTitle: 'Piso en Lavapiés',
  isVisitRequest: false,
  role: 'candidate',
  otherName: 'Olga',
  unlocked: false,
  canWrite: true,
  messages,
  unread: 0,
  hasOlder: false,
  ...overrides,
});

/** An open event stream that sends these events and stays open, as the server's does. */
const stream = (events: ConversationEvent[]) => () =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        const text = events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
        controller.enqueue(new TextEncoder().encode(text));
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={[`/conversation/${offerId}`]}>
      <Routes>
        <Route path="/conversation/:offerId" element={<ConversationPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('/conversation/:offerId', () => {
  it('shows the messages with «Visto», the lock note, and marks the other side’s as read', async () => {
    const api = mockApi({
      [`GET ${base}/conversation`]: () =>
        ok(
          conversation([
            message(1, 'Hola, ¿sigue disponible?', { mine: true, seen: true }),
            message(2, 'Sí. Mi número es [teléfono oculto]', { masked: true }),
          ]),
        ),
      [`GET ${base}/conversation/events`]: stream([{ type: 'ready', offerId }]),
      [`PUT ${base}/conversation/read`]: () => ok({ lastReadId: 2 }),
      'GET /api/messages/unread': () => ok({ total: 0, asOwner: 0, asCandidate: 0, offers: [] }),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversación con Olga' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Mensajes' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Hola, ¿sigue disponible?');
    expect(items[0]).toHaveTextContent('Visto');
    expect(items[1]).toHaveTextContent('Mi número es [teléfono oculto]');
    expect(screen.getByText(/aparecen ocultos para los dos/)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', `${base}/conversation/read`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${base}/conversation/read`)[0]?.body).toEqual({ lastMessageId: 2 });
  });

  it('sends with the button or Ctrl+Enter, Enter is a new line, and refuses an empty message', async () => {
    const user = userEvent.setup();
    let stored: Message[] = [];
    const api = mockApi({
      [`GET ${base}/conversation`]: () => ok(conversation(stored)),
      [`GET ${base}/conversation/events`]: stream([{ type: 'ready', offerId }]),
      [`POST ${base}/messages`]: () => {
        stored = [...stored, message(stored.length + 1, 'x', { mine: true })];
        return json(201, { data: stored.at(-1) });
      },
      'GET /api/messages/unread': () => ok({ total: 0, asOwner: 0, asCandidate: 0, offers: [] }),
    });
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Escribe un mensaje' });
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await user.type(box, 'Primera línea{Enter}segunda');
    expect(box).toHaveValue('Primera línea\nsegunda');
    expect(api.callsTo('POST', `${base}/messages`)).toHaveLength(0);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.callsTo('POST', `${base}/messages`)).toHaveLength(1));
    expect(api.callsTo('POST', `${base}/messages`)[0]?.body).toMatchObject({
      text: 'Primera línea\nsegunda',
    });
    expect(box).toHaveValue('');
    await user.type(box, 'Otra');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(api.callsTo('POST', `${base}/messages`)).toHaveLength(2));
  });

  it('a refused message stays with its reason and can be sent again with the same id', async () => {
    const user = userEvent.setup();
    let answer = () => fail(429, 'MESSAGES_TOO_FAST');
    const api = mockApi({
      [`GET ${base}/conversation`]: () => ok(conversation([])),
      [`GET ${base}/conversation/events`]: stream([{ type: 'ready', offerId }]),
      [`POST ${base}/messages`]: () => answer(),
      'GET /api/messages/unread': () => ok({ total: 0, asOwner: 0, asCandidate: 0, offers: [] }),
    });
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Escribe un mensaje' }), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(/No se ha enviado\./)).toHaveTextContent(
      /Estás enviando mensajes muy seguidos/,
    );
    answer = () => json(201, { data: message(1, 'Hola', { mine: true }) });
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(api.callsTo('POST', `${base}/messages`)).toHaveLength(2));
    const [first, second] = api.callsTo('POST', `${base}/messages`);
    expect((second?.body as { id: string }).id).toBe((first?.body as { id: string }).id);
  });

  it('a closed conversation has no composer', async () => {
    mockApi({
      [`GET ${base}/conversation`]: () => ok(conversation([], { canWrite: false })),
      [`GET ${base}/conversation/events`]: stream([{ type: 'ready', offerId }]),
      'GET /api/messages/unread': () => ok({ total: 0, asOwner: 0, asCandidate: 0, offers: [] }),
    });
    renderPage();
    expect(await screen.findByText(/la otra persona ya no está disponible/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Escribe un mensaje' })).toBeNull();
  });
});
