import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QueryProvider } from '../../../shared/api/query-client';
import { paths } from '../../../shared/paths';
import { Select } from '../../../shared/ui/select';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { fetchMessages, MESSAGES_PAGE_SIZE, type AgentMessage } from '../agents-api';
import { PagedResults } from '../components/paged-results';
import { agentTexts } from '../texts';
import '../agents.css';

const t = agentTexts.messages;
const when = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});
const at = (iso: string) => when.format(new Date(iso));
const statusOptions = Object.entries(t.statuses).map(([value, label]) => ({ value, label }));
const channelOptions = [
  { value: '', label: t.allChannels },
  ...Object.entries(t.channels).map(([value, label]) => ({ value, label })),
];

function MessageCard({ message }: { message: AgentMessage }) {
  return (
    <li className="card stack agents-message">
      <p className="agents-message__head">
        <span className="badge">{t.channels[message.channel]}</span> <strong>{message.recipient}</strong>
      </p>
      <p>{message.subject ?? t.noSubject}</p>
      <p className="muted">
        {[
          t.created(at(message.createdAt)),
          t.attempts(message.attempts),
          message.provider ? t.provider(message.provider) : null,
          message.sentAt ? t.sent(at(message.sentAt)) : null,
          message.status === 'queued' ? t.next(at(message.nextAttemptAt)) : null,
        ]
          .filter((part): part is string => part !== null)
          .join(' · ')}
      </p>
      {message.lastError && (
        <p className="agents-message__error">
          <span className="visually-hidden">{t.error}: </span>
          {message.lastError}
        </p>
      )}
    </li>
  );
}

function Messages() {
  const [status, setStatus] = useState('failed');
  const [channel, setChannel] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['agent-messages', status, channel, page],
    queryFn: ({ signal }) => fetchMessages({ status, channel, page }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="page-narrow stack">
      <Link to={paths.agentsMenu}>{t.back}</Link>
      <h1 className="section__title">{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <div className="cluster">
        <Select
          label={t.status}
          options={statusOptions}
          placeholder={null}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            setPage(1);
          }}
        />
        <Select
          label={t.channel}
          options={channelOptions}
          placeholder={null}
          value={channel}
          onChange={(event) => {
            setChannel(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <PagedResults query={query} pageSize={MESSAGES_PAGE_SIZE} page={page} onPage={setPage} texts={t}>
        {(message) => <MessageCard key={message.id} message={message} />}
      </PagedResults>
    </div>
  );
}

/** /agents-messages (agents only): what the delivery did with each message, failed ones first (issue 12). */
export default function AgentsMessagesPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <Messages />
    </QueryProvider>
  );
}
