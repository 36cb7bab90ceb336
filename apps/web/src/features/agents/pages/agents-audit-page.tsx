import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QueryProvider } from '../../../shared/api/query-client';
import { paths } from '../../../shared/paths';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { AUDIT_PAGE_SIZE, fetchAudit, type AuditEntry, type AuditFilters } from '../agents-api';
import { PagedResults } from '../components/paged-results';
import { agentTexts } from '../texts';
import '../agents.css';

const t = agentTexts.audit;
const when = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Europe/Madrid',
});

function EntryCard({
  entry,
  onAgent,
  onUser,
}: {
  entry: AuditEntry;
  onAgent: (agent: { id: string; name: string }) => void;
  onUser: (user: { id: string; name: string }) => void;
}) {
  const user =
    entry.actingAsUserId && entry.actingAsUserName
      ? { id: entry.actingAsUserId, name: entry.actingAsUserName }
      : entry.targetUserId && entry.targetUserName
        ? { id: entry.targetUserId, name: entry.targetUserName }
        : null;
  return (
    <li className="card stack agents-message">
      <p className="agents-message__head">
        <strong>{entry.agentName ?? t.unknownAgent}</strong>
        {entry.actingAsUserName && ` ${t.actingAs(entry.actingAsUserName)}`}
        {!entry.actingAsUserName && entry.targetUserName && ` ${t.target(entry.targetUserName)}`}
      </p>
      <p>
        <code>
          {entry.method} {entry.path}
        </code>
      </p>
      <p className="muted">
        {[when.format(new Date(entry.at)), t.status(entry.status), entry.ip ? t.ip(entry.ip) : null]
          .filter((part): part is string => part !== null)
          .join(' · ')}
      </p>
      <div className="cluster">
        {entry.agentId && entry.agentName && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onAgent({ id: entry.agentId ?? '', name: entry.agentName ?? '' })}
          >
            {t.onlyAgent}
          </Button>
        )}
        {user && (
          <Button variant="ghost" size="sm" onClick={() => onUser(user)}>
            {t.onlyUser}
          </Button>
        )}
      </div>
    </li>
  );
}

function Audit() {
  const [filters, setFilters] = useState<AuditFilters>({ agent: null, user: null, from: '', to: '' });
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['agent-audit', filters, page],
    queryFn: ({ signal }) => fetchAudit(filters, page, signal),
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  return (
    <div className="page-narrow stack">
      <Link to={paths.agentsMenu}>{t.back}</Link>
      <h1 className="section__title">{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <div className="cluster">
        <TextField
          label={t.from}
          type="date"
          value={filters.from}
          onChange={(e) => change({ from: e.target.value })}
        />
        <TextField
          label={t.to}
          type="date"
          value={filters.to}
          onChange={(e) => change({ to: e.target.value })}
        />
      </div>
      {(filters.agent ?? filters.user) && (
        <div className="cluster" aria-label={t.filteredBy} role="group">
          {filters.agent && (
            <Button variant="secondary" size="sm" onClick={() => change({ agent: null })}>
              {t.agentFilter(filters.agent.name)} · {t.clear}
            </Button>
          )}
          {filters.user && (
            <Button variant="secondary" size="sm" onClick={() => change({ user: null })}>
              {t.userFilter(filters.user.name)} · {t.clear}
            </Button>
          )}
        </div>
      )}
      <PagedResults query={query} pageSize={AUDIT_PAGE_SIZE} page={page} onPage={setPage} texts={t}>
        {(entry) => (
          <EntryCard
            key={entry.id}
            entry={entry}
            onAgent={(agent) => change({ agent })}
            onUser={(user) => change({ user })}
          />
        )}
      </PagedResults>
    </div>
  );
}

/** /agents-audit (supervisors): the agents' audit log, newest first, filtered by agent, user and days. */
export default function AgentsAuditPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <Audit />
    </QueryProvider>
  );
}
