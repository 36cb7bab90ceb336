import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionActionsContext, SessionContext, anonymousSession } from '../../../shared/session';
import type { Session } from '../../../shared/session';
import { sampleAgent, sampleImpersonated, sampleUser } from '../../../test/mock-api';
import { AgentBanner } from './agent-banner';

afterEach(() => vi.useRealTimers());

const agentSession: Session = {
  ...anonymousSession,
  logged: true,
  hasToken: true,
  isAgent: true,
  user: sampleAgent,
  agent: sampleAgent,
};
const actingSession: Session = {
  ...agentSession,
  isImpersonating: true,
  user: { ...sampleUser, ...sampleImpersonated },
  impersonatedUser: sampleImpersonated,
};

function renderBanner(session: Session, stopImpersonating = vi.fn(() => Promise.resolve())) {
  const actions = { refresh: vi.fn(), logout: vi.fn(), stopImpersonating };
  render(
    <SessionContext.Provider value={session}>
      <SessionActionsContext.Provider value={actions}>
        <MemoryRouter initialEntries={['/properties']}>
          <AgentBanner />
          <Routes>
            <Route path="/agents-menu" element={<p>menú de agente</p>} />
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </SessionActionsContext.Provider>
    </SessionContext.Provider>,
  );
  return actions;
}

describe('<AgentBanner/>', () => {
  it('appears after 1 s with the agent label and Toma el control', () => {
    vi.useFakeTimers();
    renderBanner(agentSession);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    const banner = screen.getByRole('complementary', { name: 'Herramientas de agente' });
    expect(banner).toHaveTextContent('Agente Lucía · Toma el control');
    expect(screen.getByRole('link', { name: 'Agente Lucía' })).toHaveAttribute('href', '/agents-menu');
    expect(banner.querySelector('[lang="en"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Desplegar' })).toHaveAttribute('href', '/agents-menu');
    expect(screen.queryByRole('button', { name: 'Cambiar usuario' })).not.toBeInTheDocument();
  });

  it('shows who the agent acts as and changes user', async () => {
    vi.useFakeTimers();
    const actions = renderBanner(actingSession);
    act(() => vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    const banner = screen.getByRole('complementary', { name: 'Herramientas de agente' });
    // Said once, in Spanish: the label is the banner's text.
    expect(banner.textContent?.match(/Actuando como/g)).toHaveLength(1);
    expect(banner).not.toHaveTextContent(/Acting|Agent /);
    expect(screen.getByRole('link', { name: 'Actuando como Javier Moreno Sánchez' })).toHaveAttribute(
      'href',
      '/agents-menu',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cambiar usuario' }));
    expect(actions.stopImpersonating).toHaveBeenCalledOnce();
    expect(await screen.findByText('menú de agente')).toBeInTheDocument();
  });

  it('shows nothing to a user who is not an agent', () => {
    vi.useFakeTimers();
    renderBanner({ ...agentSession, isAgent: false, agent: null });
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
