import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSession, useSessionActions } from '../../../shared/session';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { fullName } from '../agents-api';
import { agentTexts } from '../texts';
import '../agents.css';

const t = agentTexts.banner;
/** SPEC 2.3, 9: the banner appears 1 s after load. */
export const AGENT_BANNER_DELAY_MS = 1000;

/**
 * The agent's one bar (SPEC 2.3 banner and SPEC 2.4 label together, in Spanish): 'Agente {name} · Toma
 * el control', or 'Actuando como {name}' while impersonating; the label and 'Desplegar' open
 * /agents-menu, and while impersonating 'Cambiar usuario' ends it.
 */
export function AgentBanner() {
  const session = useSession();
  const { stopImpersonating } = useSessionActions();
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);

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
        </div>
      </div>
    </aside>
  );
}
