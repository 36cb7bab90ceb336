import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ImpersonatedUser } from '@casaoferta/domain/schemas/auth';
import { paths } from '../../../shared/paths';
import { QueryProvider } from '../../../shared/api/query-client';
import { useSession, useSessionActions } from '../../../shared/session';
import { storeImpersonation } from '../../../shared/session-storage';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { fullName } from '../agents-api';
import type { ManageableUser } from '../agents-api';
import { ImpersonateDialog } from '../components/impersonate-dialog';
import { ManageableUsers } from '../components/manageable-users';
import { agentTexts } from '../texts';
import '../agents.css';

const t = agentTexts.menu;

function AgentsMenu() {
  const session = useSession();
  const { refresh, logout, stopImpersonating } = useSessionActions();
  const navigate = useNavigate();
  const [target, setTarget] = useState<ManageableUser | null>(null);

  const onImpersonated = async (token: string, user: ImpersonatedUser) => {
    storeImpersonation(token, user);
    await refresh();
    navigate(paths.properties);
  };

  return (
    <div className="page-narrow stack">
      <header className="agents-menu__header">
        <h1 className="section__title">{t.title}</h1>
        <Button variant="ghost" onClick={() => void logout()}>
          {t.logout}
        </Button>
      </header>
      {session.agent && <p className="muted">{t.greeting(session.agent.name)}</p>}
      <nav className="cluster" aria-label={t.toolsLabel}>
        <Link className={buttonClassName('secondary')} to={paths.agentsValidation()}>
          {t.validationQueue}
        </Link>
        <Link className={buttonClassName('secondary')} to={paths.agentsMessages}>
          {t.messages}
        </Link>
        <Link className={buttonClassName('secondary')} to={paths.agentsReports}>
          {t.reports}
        </Link>
        {session.agent?.permissions.includes('audit.read') && (
          <Link className={buttonClassName('secondary')} to={paths.agentsAudit}>
            {t.audit}
          </Link>
        )}
      </nav>
      {session.isImpersonating && session.impersonatedUser && (
        <div className="alert agents-menu__acting">
          <p>{t.acting(fullName(session.impersonatedUser))}</p>
          <Button variant="secondary" size="sm" onClick={() => void stopImpersonating()}>
            {t.stopActing}
          </Button>
        </div>
      )}
      <ManageableUsers onActAs={setTarget} />
      {target && (
        <ImpersonateDialog user={target} onClose={() => setTarget(null)} onImpersonated={onImpersonated} />
      )}
    </div>
  );
}

/** /agents-menu (SPEC 2.1, agents only): pick a manageable user and act as them. */
export default function AgentsMenuPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <AgentsMenu />
    </QueryProvider>
  );
}
