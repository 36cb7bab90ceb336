import { useEffect } from 'react';
import { createStore, useStore } from './store';

/** What the chat is about: the property on screen, if any. */
export interface ChatSubject {
  title: string;
  reference: string;
}

const subjectStore = createStore<ChatSubject | null>(null);

export const setChatSubject = (subject: ChatSubject | null): void => subjectStore.set(subject);
export const getChatSubject = (): ChatSubject | null => subjectStore.get();

/** The subject the floating chat button uses now. */
export const useCurrentChatSubject = (): ChatSubject | null => useStore(subjectStore);

/**
 * For pages: while mounted, the chat message mentions this property. Pass null while it loads.
 * Clears on unmount (only if no other page replaced it meanwhile).
 */
export function useChatSubject(subject: ChatSubject | null): void {
  const title = subject?.title;
  const reference = subject?.reference;
  useEffect(() => {
    if (title === undefined || reference === undefined) return;
    const mine: ChatSubject = { title, reference };
    setChatSubject(mine);
    return () => {
      if (getChatSubject() === mine) setChatSubject(null);
    };
  }, [title, reference]);
}
