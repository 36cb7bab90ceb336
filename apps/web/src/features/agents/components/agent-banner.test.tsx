import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionActionsContext, SessionContext, anonymousSession } from '../../../shared/session';
import type { Session } from '../../../shared/session';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { sampleAgent, sampleImpersonated, sampleUser } from '../../../test/mock-api';
import { AgentBanner } from './agent-banner';
import type { LoadAgentOptions } from './agent-banner';

/** A stand-in for the lazy Options sheet (features/agent-options, composed by the app layer). */
function FakeSheet({ onClose }: { onClose: () => void }) {
  return (
    <div role="dialog" aria-label="Opciones de agente">
      <button type="button" onClick={onClose}>
        Cerrar
      </button>
    </div>
  );
}

afterEach(() => {
  vi.useRealTimers();
  clearToasts();
});

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

function renderBanner(
  session: Session,
  stopImpersonating = vi.fn(() => Promise.resolve()),
  loadOptions?: LoadAgentOptions,
) {
  const actions = { refresh: vi.fn(), logout: vi.fn(), stopImpersonating };
  render(
    <SessionContext.Provider value={session}>
      <SessionActionsContext.Provider value={actions}>
        <MemoryRouter initialEntries={['/properties']}>
          <AgentBanner loadOptions={loadOptions} />
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

  it("the kebab 'Opciones' loads the sheet on the first press and gets the focus back", async () => {
    vi.useFakeTimers();
    const loadOptions = vi.fn(() => Promise.resolve({ default: FakeSheet }));
    renderBanner(actingSession, undefined, loadOptions);
    act(() => vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    expect(loadOptions).not.toHaveBeenCalled();
    const kebab = screen.getByRole('button', { name: 'Opciones' });
    expect(kebab).toHaveAttribute('aria-haspopup', 'dialog');
    expect(kebab).toHaveAttribute('aria-expanded', 'false');
    const user = userEvent.setup();
    await user.click(kebab);
    const sheet = await screen.findByRole('dialog', { name: 'Opciones de agente' });
    expect(kebab).toHaveAttribute('aria-expanded', 'true');
    expect(loadOptions).toHaveBeenCalledOnce();
    await user.click(within(sheet).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(kebab).toHaveFocus());
    await user.click(kebab);
    expect(await screen.findByRole('dialog', { name: 'Opciones de agente' })).toBeInTheDocument();
    expect(loadOptions).toHaveBeenCalledOnce();
  });

  it('a sheet that fails to load says so and the kebab tries again', async () => {
    vi.useFakeTimers();
    const loadOptions = vi
      .fn<LoadAgentOptions>()
      .mockRejectedValueOnce(new Error('chunk'))
      .mockResolvedValueOnce({ default: FakeSheet });
    renderBanner(agentSession, undefined, loadOptions);
    act(() => vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Opciones' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain(
        'No hemos podido abrir las opciones. Inténtalo de nuevo.',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opciones' }));
    expect(await screen.findByRole('dialog', { name: 'Opciones de agente' })).toBeInTheDocument();
  });

  it('shows no kebab when the app gives no sheet', () => {
    vi.useFakeTimers();
    renderBanner(agentSession);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('button', { name: 'Opciones' })).not.toBeInTheDocument();
  });
});
