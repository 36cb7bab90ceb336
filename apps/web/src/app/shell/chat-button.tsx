import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../shared/session';
import { runtimeConfig } from '../../shared/runtime-config';
import { buildChatLink } from './chat-link';
import { useCurrentChatSubject } from '../../shared/chat-subject';
import type { ChatYield } from './chat-yield';
import { shellTexts } from './texts';

/**
 * Floating WhatsApp link, bottom-right; hidden for agents (SPEC 2.3). It never covers what the page is
 * for: it rises above a page's sticky action (shell.css), steps aside while a button, field or switch
 * lies under it, and on phones while the person types (the keyboard leaves no room).
 */
export function ChatButton() {
  const { isAgent } = useSession();
  const subject = useCurrentChatSubject();
  const link = useRef<HTMLAnchorElement>(null);
  const [{ typing, onControl }, setYield] = useState<ChatYield>({ typing: false, onControl: false });
  useEffect(() => {
    const element = link.current;
    // Not in jsdom (no layout), nor for agents (no button).
    if (!element || typeof document.elementsFromPoint !== 'function') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./chat-yield').then(({ watchChatYield }) => {
      if (!cancelled) stop = watchChatYield(element, setYield);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [isAgent]);
  if (isAgent) return null;
  const className = ['chat-fab', typing && 'chat-fab--typing', onControl && 'chat-fab--yield']
    .filter(Boolean)
    .join(' ');
  return (
    <aside aria-label={shellTexts.chat.regionLabel}>
      <a
        ref={link}
        className={className}
        href={buildChatLink(runtimeConfig.supportWhatsapp, subject)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={shellTexts.chat.label}
      >
        <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.7a2.8 2.8 0 0 0 1.8-1.3 2.3 2.3 0 0 0 .2-1.3c-.1-.1-.2-.2-.5-.3z"
          />
        </svg>
      </a>
    </aside>
  );
}
