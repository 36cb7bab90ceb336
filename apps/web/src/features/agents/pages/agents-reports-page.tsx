import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentConversation } from '@casaoferta/domain/schemas/messages';
import { apiRequest } from '../../../shared/api/client';
import { authTokens } from '../../../shared/api/auth-tokens';
import { QueryProvider } from '../../../shared/api/query-client';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { agentTexts } from '../texts';
import '../agents.css';

const t = agentTexts.reports;
const when = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});
const at = (iso: string) => when.format(new Date(iso));

interface Reported {
  offerId: string;
  announcementTitle: string;
  reportedAt: string;
  reports: number;
}

/** The agent's own token: these calls are the agent's, also while acting as someone. */
const asAgent = <T,>(path: string, method: 'GET' | 'PUT' | 'POST' = 'GET', body?: unknown) =>
  apiRequest<T>(path, { method, token: authTokens.main(), ...(body === undefined ? {} : { body }) });

const keys = {
  list: ['agent-reports'] as const,
  one: (offerId: string) => ['agent-reports', offerId] as const,
};

function ConversationReview({ offerId, onClose }: { offerId: string; onClose: () => void }) {
  const session = useSession();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.one(offerId),
    queryFn: () =>
      asAgent<AgentConversation>(`/api/agents/offer/${encodeURIComponent(offerId)}/conversation`),
  });
  const [blocking, setBlocking] = useState<{ id: string; name: string } | null>(null);
  const canBlock = session.agent?.permissions.includes('users.block') ?? false;
  const block = useMutation({
    mutationFn: (person: { id: string; name: string }) =>
      asAgent('/api/agents/users/black-list', 'POST', {
        userId: person.id,
        reason: 'Denuncia de conversación',
      }),
    onSuccess: (_data, person) => {
      showToast(t.blockDone(person.name), 'success');
      setBlocking(null);
      void client.invalidateQueries({ queryKey: keys.one(offerId) });
    },
  });
  const reviewed = useMutation({
    mutationFn: () =>
      asAgent(`/api/agents/offer/${encodeURIComponent(offerId)}/conversation/reviewed`, 'PUT'),
    onSuccess: () => {
      showToast(t.reviewedDone, 'success');
      void client.invalidateQueries({ queryKey: keys.list });
      onClose();
    },
  });
  const data = query.data;
  return (
    <Dialog
      open
      onClose={onClose}
      title={data?.announcementTitle ?? t.title}
      variant="sheet"
      wide
      closeLabel={t.close}
    >
      {query.isPending ? (
        <Spinner block />
      ) : query.isError || !data ? (
        <ErrorState title={t.loadError} headingLevel={3} onRetry={() => void query.refetch()} />
      ) : (
        <div className="stack">
          <ol className="stack agents-chat" aria-label={t.conversationLabel}>
            {data.messages.map((m) => (
              <li
                key={m.id}
                className={`card agents-chat__item${m.reported ? ' agents-chat__item--reported' : ''}`}
              >
                <p className="muted text-sm">
                  {t.roles[m.senderRole]} · {(m.senderRole === 'owner' ? data.owner : data.candidate).name} ·{' '}
                  <time dateTime={m.createdAt}>{at(m.createdAt)}</time>
                  {m.reported && <strong> · {t.reported}</strong>}
                </p>
                <p className="agents-chat__text">{m.text}</p>
              </li>
            ))}
          </ol>
          <section className="stack" aria-labelledby="agent-reports-title">
            <h3 id="agent-reports-title">{t.reportsTitle}</h3>
            <ul className="stack">
              {data.reports.map((r) => (
                <li key={r.id}>
                  {t.reportBy(t.roles[r.reporterRole], t.reasons[r.reason])} ·{' '}
                  <time dateTime={r.createdAt}>{at(r.createdAt)}</time>
                  {r.text && <p className="muted">{r.text}</p>}
                </li>
              ))}
            </ul>
          </section>
          <div className="cluster">
            {canBlock &&
              [data.owner, data.candidate].map((person) =>
                person.isBlocked ? (
                  <span key={person.id} className="badge">
                    {person.name}: {t.blocked}
                  </span>
                ) : (
                  <Button key={person.id} variant="danger" size="sm" onClick={() => setBlocking(person)}>
                    {t.block(person.name)}
                  </Button>
                ),
              )}
            {!data.reviewed && (
              <Button size="sm" loading={reviewed.isPending} onClick={() => reviewed.mutate()}>
                {t.reviewed}
              </Button>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={blocking !== null}
        title={blocking ? t.block(blocking.name) : ''}
        body={blocking ? t.blockConfirm(blocking.name) : ''}
        confirmLabel={blocking ? t.block(blocking.name) : ''}
        confirmVariant="danger"
        busy={block.isPending}
        onConfirm={() => blocking && block.mutate(blocking)}
        onClose={() => setBlocking(null)}
      />
    </Dialog>
  );
}

function Reports() {
  useDocumentTitle(t.documentTitle);
  const [open, setOpen] = useState<string | null>(null);
  const query = useQuery({
    queryKey: keys.list,
    queryFn: () => asAgent<Reported[]>('/api/agents/conversations/reported'),
  });
  return (
    <div className="page-narrow stack">
      <Link to={paths.agentsMenu}>{t.back}</Link>
      <h1 className="section__title">{t.title}</h1>
      <p className="muted">{t.intro}</p>
      {query.isPending ? (
        <Spinner block />
      ) : query.isError ? (
        <ErrorState title={t.loadError} headingLevel={2} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="stack" aria-label={t.listLabel}>
          {query.data.map((c) => (
            <li key={c.offerId} className="card stack">
              <p>
                <strong>{c.announcementTitle}</strong>
              </p>
              <p className="muted text-sm">
                {t.count(c.reports)} · <time dateTime={c.reportedAt}>{at(c.reportedAt)}</time>
              </p>
              <Button variant="secondary" size="sm" onClick={() => setOpen(c.offerId)}>
                {t.open(c.announcementTitle)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open && <ConversationReview offerId={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

export default function AgentsReportsPage() {
  return (
    <QueryProvider>
      <Reports />
    </QueryProvider>
  );
}
