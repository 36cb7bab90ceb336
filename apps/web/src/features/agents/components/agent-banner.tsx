import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSession, useSessionActions } from '../../../shared/session';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { ErrorBoundary } from '../../../shared/ui/error-boundary';
import { showToast } from '../../../shared/ui/toast-store';
import { fullName } from '../agents-api';
import { agentTexts } from '../texts';
import '../agents.css';

const t = agentTexts.banner;
/** SPEC 2.3, 9: the banner appears 1 s after load. */
export const AGENT_BANNER_DELAY_MS = 1000;

/** The Options sheet (SPEC 2.4): the app layer passes its loader, so it is fetched on the first press. */
type OptionsSheetComponent = ComponentType<{ onClose: () => void }>;
export type LoadAgentOptions = () => Promise<{ default: OptionsSheetComponent }>;

export interface AgentBannerProps {
  loadOptions?: LoadAgentOptions;
}

function KebabIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="5" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="19" r="2" fill="currentColor" />
    </svg>
  );
}

/** A sheet that failed to render: tell the agent and give the kebab back. */
function OptionsLoadFailed({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    showToast(t.optionsError, 'error');
    onClose();
  }, [onClose]);
  return null;
}

/**
 * The agent's one bar (SPEC 2.3 banner and SPEC 2.4 label together, in Spanish): 'Agente {name} · Toma
 * el control', or 'Actuando como {name}' while impersonating; the label and 'Desplegar' open
 * /agents-menu, and while impersonating 'Cambiar usuario' ends it. The kebab ('Opciones') opens the
 * Options sheet of the route (SPEC 2.4, 6); focus comes back to it when the sheet closes.
 */
export function AgentBanner({ loadOptions }: AgentBannerProps = {}) {
  const session = useSession();
  const { stopImpersonating } = useSessionActions();
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const kebab = useRef<HTMLButtonElement>(null);
  const [OptionsSheet, setOptionsSheet] = useState<OptionsSheetComponent | null>(null);
  const [loadingOptions, setLoadingOptions] = useState(false);
  const closeOptions = useCallback(() => {
    setOptionsOpen(false);
    // The sheet's dialog gives focus back too; this also covers a sheet closed by a modal on top.
    setTimeout(() => kebab.current?.focus(), 0);
  }, []);
  const openOptions = async () => {
    setOptionsOpen(true);
    if (OptionsSheet || !loadOptions || loadingOptions) return;
    setLoadingOptions(true);
    try {
      const module = await loadOptions();
      setOptionsSheet(() => module.default);
    } catch {
      showToast(t.optionsError, 'error');
      setOptionsOpen(false);
    } finally {
      setLoadingOptions(false);
    }
  };

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), AGENT_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible || !session.isAgent || !session.agent) return null;
  const acting = session.isImpersonating ? session.impersonatedUser : null;

  const changeUser = async () => {
    await stopImpersonating();
    navigate(paths.agentsMenu);
  };

  return (
    <aside className="agent-banner" aria-label={t.regionLabel}>
      <div className="agent-banner__inner">
        <p className="agent-banner__who">
          <Link to={paths.agentsMenu} className="agent-banner__label" title={t.labelHint}>
            {acting ? t.acting(fullName(acting)) : t.agent(session.agent.name)}
          </Link>
          {!acting && ` · ${t.takeControl}`}
        </p>
        <div className="agent-banner__actions">
          {acting && (
            <Button variant="secondary" size="sm" onClick={() => void changeUser()}>
              {t.changeUser}
            </Button>
          )}
          <Link className={buttonClassName('primary', 'sm')} to={paths.agentsMenu}>
            {t.expand}
          </Link>
          {loadOptions && (
            <button
              ref={kebab}
              type="button"
              className={buttonClassName('ghost', 'sm', false, 'btn--icon')}
              aria-label={t.options}
              title={t.options}
              aria-haspopup="dialog"
              aria-expanded={optionsOpen}
              aria-busy={loadingOptions || undefined}
              onClick={() => void openOptions()}
            >
              <KebabIcon />
            </button>
          )}
        </div>
        {OptionsSheet && optionsOpen && (
          <ErrorBoundary fallback={() => <OptionsLoadFailed onClose={closeOptions} />}>
            <OptionsSheet onClose={closeOptions} />
          </ErrorBoundary>
        )}
      </div>
    </aside>
  );
}
