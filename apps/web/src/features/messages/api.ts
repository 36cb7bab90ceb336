import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Conversation, Message, ReportInput } from '@casaoferta/domain/schemas/messages';
import { readConversationEvent, type ConversationEvent } from '@casaoferta/domain/schemas/live-event';
import { apiRequest } from '../../shared/api/client';
import { followEventStream } from '../../shared/api/announcement-events';

/** API paths of an offer's conversation (decision 038). */
export const messagesApi = {
  conversation: (offerId: string, before?: number) =>
    `/api/offer/${encodeURIComponent(offerId)}/conversation${before ? `?before=${before}` : ''}`,
  send: (offerId: string) => `/api/offer/${encodeURIComponent(offerId)}/messages`,
  read: (offerId: string) => `/api/offer/${encodeURIComponent(offerId)}/conversation/read`,
  report: (offerId: string) => `/api/offer/${encodeURIComponent(offerId)}/conversation/report`,
  events: (offerId: string) => `/api/offer/${encodeURIComponent(offerId)}/conversation/events`,
};

export const messagesKeys = {
  conversation: (offerId: string) => ['messages', 'conversation', offerId] as const,
};

/** The conversation in pages: the newest first page, older ones with "Ver mensajes anteriores". */
export const useConversation = (offerId: string) =>
  useInfiniteQuery({
    queryKey: messagesKeys.conversation(offerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Conversation>(messagesApi.conversation(offerId, pageParam), { signal, silent: true }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasOlder ? last.messages[0]?.id : undefined),
  });

/** Every message loaded, oldest first. */
export const allMessages = (data: InfiniteData<Conversation> | undefined): Message[] =>
  data ? [...data.pages].reverse().flatMap((page) => page.messages) : [];

export const useSendMessage = (offerId: string) =>
  useMutation({
    mutationFn: (input: { id: string; text: string }) =>
      apiRequest<Message>(messagesApi.send(offerId), { method: 'POST', body: input, silent: true }),
  });

export const markRead = (offerId: string, lastMessageId: number) =>
  apiRequest<{ lastReadId: number }>(messagesApi.read(offerId), {
    method: 'PUT',
    body: { lastMessageId },
    silent: true,
  });

export const useReport = (offerId: string) =>
  useMutation({
    mutationFn: (input: ReportInput) =>
      apiRequest<{ reported: true }>(messagesApi.report(offerId), { method: 'POST', body: input }),
  });

const parseEvent = (data: string): ConversationEvent | null => {
  try {
    return readConversationEvent(JSON.parse(data));
  } catch {
    return null;
  }
};

/** Follows the conversation's live events while mounted; `ready` comes first and after each reconnect. */
export function useConversationEvents(offerId: string, onEvent: (event: ConversationEvent) => void) {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    const controller = new AbortController();
    void followEventStream(messagesApi.events(offerId), parseEvent, {
      signal: controller.signal,
      onEvent: (event) => latest.current(event),
    });
    return () => controller.abort();
  }, [offerId]);
}

/** Loads the conversation again (a live event, a sent message). */
export function useRefetchConversation(offerId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: messagesKeys.conversation(offerId) });
}
