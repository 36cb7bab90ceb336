import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionContext, anonymousSession } from '../../shared/session';
import { ChatButton } from './chat-button';
import { buildChatLink } from './chat-link';
import { useChatSubject } from '../../shared/chat-subject';
import type { ChatSubject } from '../../shared/chat-subject';

const textOf = (link: string) => new URL(link).searchParams.get('text');

describe('buildChatLink', () => {
  it('builds a generic wa.me link', () => {
    const link = buildChatLink('34910000000', null);
    expect(link.startsWith('https://wa.me/34910000000?text=')).toBe(true);
    expect(textOf(link)).toBe('Hola, tengo una consulta sobre Casaoferta.');
  });

  it('mentions the property title and reference, encoded', () => {
    const link = buildChatLink('+34 910 000 000', { title: 'Piso & ático en Madrid', reference: 'CO-1234' });
    expect(link).toContain('https://wa.me/34910000000?text=');
    expect(link).not.toContain(' ');
    expect(link).not.toContain('&ático');
    expect(textOf(link)).toBe(
      'Hola, tengo una consulta sobre el inmueble "Piso & ático en Madrid" (referencia CO-1234) en Casaoferta.',
    );
  });

  it('falls back to the generic message when the subject is blank', () => {
    expect(textOf(buildChatLink('1', { title: ' ', reference: 'X' }))).toBe(
      'Hola, tengo una consulta sobre Casaoferta.',
    );
  });
});

function PropertyPage({ subject }: { subject: ChatSubject | null }) {
  useChatSubject(subject);
  return null;
}

describe('<ChatButton/>', () => {
  it('links to WhatsApp with the subject of the page on screen, and clears it on unmount', () => {
    const tree = (showPage: boolean) => (
      <>
        {showPage && <PropertyPage subject={{ title: 'Casa con jardín', reference: 'R-9' }} />}
        <ChatButton />
      </>
    );
    const { rerender } = render(tree(true));
    const link = screen.getByRole('link', { name: 'Escríbenos por WhatsApp' });
    expect(textOf(link.getAttribute('href') ?? '')).toContain('"Casa con jardín" (referencia R-9)');
    rerender(tree(false));
    expect(screen.getByRole('link', { name: 'Escríbenos por WhatsApp' })).toBe(link);
    expect(textOf(link.getAttribute('href') ?? '')).toBe('Hola, tengo una consulta sobre Casaoferta.');
  });

  it('is hidden for agents', () => {
    render(
      <SessionContext.Provider value={{ ...anonymousSession, logged: true, isAgent: true }}>
        <ChatButton />
      </SessionContext.Provider>,
    );
    expect(screen.queryByRole('link', { name: 'Escríbenos por WhatsApp' })).not.toBeInTheDocument();
  });
});
