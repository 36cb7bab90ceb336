import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import { MESSAGE_MAX_LENGTH, characterCount, messageText } from '@casaoferta/domain/rules/message-text';
import type { Message } from '@casaoferta/domain/schemas/messages';
import type { ConversationEvent } from '@casaoferta/domain/schemas/live-event';
import { ApiError } from '../../../shared/api/api-error';
import { errorMessages } from '@casaoferta/domain/errors';
import { QueryProvider } from '../../../shared/api/query-client';
import { newId } from '../../../shared/new-id';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { buttonClassName, Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { refreshUnreadMessages } from '../../../shared/unread-messages';
import { useDocumentTitle } from '../../../shared/use-document-title';
import {
  allMessages,
  markRead,
  useConversation,
  useConversationEvents,
  useRefetchConversation,
  useSendMessage,
} from '../api';
import { ReportDialog } from '../components/report-dialog';
import { messagesTexts as t } from '../texts';
import '../messages.css';

/** A message written here and not yet confirmed by the API (or refused: it can be sent again). */
interface Pending {
  id: string;
  text: string;
  failed: string | null;
}

/** Phones (touch, no fine pointer) send with the button; a keyboard sends with Ctrl/Cmd + Enter. */
const sendsWithShortcut = (event: KeyboardEvent<HTMLTextAreaElement>) =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey);

function ConversationView({ offerId }: { offerId: string }) {
  const session = useSession();
  const query = useConversation(offerId);
  const refetch = useRefetchConversation(offerId);
  const send = useSendMessage(offerId);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [reporting, setReporting] = useState<{ messageId: number | null } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const markedRef = useRef(0);
  const head = query.data?.pages[0];
  const messages = allMessages(query.data);
  const otherName = head?.otherName ?? '';
  useDocumentTitle(head ? t.documentTitle(otherName) : t.listLabel);

  const onEvent = useCallback(
    (event: ConversationEvent) => {
      void refetch();
      if (event.type === 'message' && !event.mine) setAnnouncement(t.newMessage(otherName));
    },
    [refetch, otherName],
  );
  useConversationEvents(offerId, onEvent);

  // The newest message of the other side, read while the page is visible (an agent's read marks nothing).
  const newestTheirs = [...messages].reverse().find((m) => !m.mine)?.id ?? 0;
  const canMark = !session.isImpersonating;
  useEffect(() => {
    if (!canMark || newestTheirs <= markedRef.current) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || newestTheirs <= markedRef.current) return;
      markedRef.current = newestTheirs;
      void markRead(offerId, newestTheirs)
        .then(() => refreshUnreadMessages())
        .catch(() => {
          markedRef.current = 0;
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [canMark, newestTheirs, offerId]);

  // The newest message in view: on the first load and whenever one arrives (or is sent).
  const newestId = messages.at(-1)?.id ?? 0;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId, pending.length]);

  const deliver = (item: Pending) => {
    setPending((current) => current.map((p) => (p.id === item.id ? { ...p, failed: null } : p)));
    send.mutate(
      { id: item.id, text: item.text },
      {
        onSuccess: async () => {
          await refetch();
          setPending((current) => current.filter((p) => p.id !== item.id));
        },
        onError: (error) => {
          const reason = error instanceof ApiError ? error.message : '';
          setPending((current) => current.map((p) => (p.id === item.id ? { ...p, failed: reason } : p)));
        },
      },
    );
  };

  const submit = () => {
    const checked = messageText(draft);
    if ('problem' in checked) {
      setDraftError(errorMessages[checked.problem]);
      return;
    }
    setDraftError(null);
    const item: Pending = { id: newId(), text: checked.text, failed: null };
    setPending((current) => [...current, item]);
    setDraft('');
    deliver(item);
  };

  if (query.isPending) return <Spinner block />;
  if (query.isError || !head) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <EmptyState
          headingLevel={1}
          title={t.notFoundTitle}
          description={t.notFoundText}
          action={
            <Link className={buttonClassName('primary')} to={paths.myOffers}>
              {t.toList}
            </Link>
          }
        />
      );
    }
    return <ErrorState headingLevel={1} title={t.loadErrorTitle} onRetry={() => void query.refetch()} />;
  }

  const back =
    head.role === 'owner'
      ? { to: paths.propertyOffers(head.propertyId, offerId), label: t.back.owner }
      : { to: paths.offerDetail(head.announcementId, offerId), label: t.back.candidate };
  const count = characterCount(draft.trim());
  const writable = head.canWrite && !session.isImpersonating;

  return (
    <section className="chat" aria-labelledby="chat-title">
      <header className="chat__head">
        <Link to={back.to} className="chat__back">
          {back.label}
        </Link>
        <h1 id="chat-title" className="chat__title">
          {t.title(otherName)}
        </h1>
        <p className="muted text-sm">
          {head.isVisitRequest ? t.offerKind.visit : t.offerKind.offer} · {t.about(head.announcementTitle)}
        </p>
        <div className="chat__tools">
          <Button variant="ghost" size="sm" onClick={() => setReporting({ messageId: null })}>
            {t.report.conversation}
          </Button>
        </div>
        {!head.unlocked && (
          <p className="chat__note">
            {t.locked}{' '}
            {head.role === 'owner' && (
              <Link to={paths.paymentSummary(head.announcementId, head.propertyId)}>
                {t.lockedOwnerAction}
              </Link>
            )}
          </p>
        )}
      </header>

      <ol ref={listRef} className="chat__list" aria-label={t.listLabel} tabIndex={0}>
        {query.hasNextPage && (
          <li className="chat__older">
            <Button
              variant="ghost"
              size="sm"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t.older}
            </Button>
          </li>
        )}
        {messages.length === 0 && pending.length === 0 && <li className="chat__empty muted">{t.empty}</li>}
        {messages.map((m) => (
          <MessageItem
            key={m.id}
            message={m}
            author={m.mine ? t.me : otherName}
            onReport={() => setReporting({ messageId: m.id })}
          />
        ))}
        {pending.map((p) => (
          <li key={p.id} className="chat__item chat__item--mine">
            <span className="visually-hidden">{t.me}: </span>
            <p className="chat__bubble">{p.text}</p>
            <p className="chat__meta">
              {p.failed ? (
                <>
                  <span className="chat__failed" role="alert">
                    {t.failed} {p.failed}
                  </span>{' '}
                  <button type="button" className="link-button" onClick={() => deliver(p)}>
                    {t.retry}
                  </button>
                </>
              ) : (
                t.sending
              )}
            </p>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      {session.isImpersonating ? (
        <p className="chat__note chat__foot">{t.impersonating}</p>
      ) : !writable ? (
        <p className="chat__note chat__foot">{t.closed}</p>
      ) : (
        <form
          className="chat__composer chat__foot"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label htmlFor="chat-input" className="visually-hidden">
            {t.composerLabel}
          </label>
          <textarea
            id="chat-input"
            className="input chat__input"
            rows={1}
            value={draft}
            placeholder={t.composerLabel}
            aria-describedby="chat-hint chat-counter chat-error"
            aria-invalid={draftError ? true : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              setDraftError(null);
            }}
            onKeyDown={(event) => {
              if (sendsWithShortcut(event)) {
                event.preventDefault();
                submit();
              }
            }}
          />
          <Button type="submit" className="chat__send" disabled={count === 0 || count > MESSAGE_MAX_LENGTH}>
            {t.send}
          </Button>
          <p className="chat__hints text-sm muted">
            <span id="chat-hint" className="hide-mobile">
              {t.composerHint}
            </span>{' '}
            <span id="chat-counter" className={count > MESSAGE_MAX_LENGTH ? 'chat__failed' : undefined}>
              {t.counter(count, MESSAGE_MAX_LENGTH)}
            </span>
          </p>
          <p id="chat-error" className="chat__failed text-sm" role="alert">
            {draftError}
          </p>
        </form>
      )}
      <ReportDialog
        offerId={offerId}
        messageId={reporting?.messageId ?? null}
        open={reporting !== null}
        onClose={() => setReporting(null)}
      />
    </section>
  );
}

function MessageItem({
  message,
  author,
  onReport,
}: {
  message: Message;
  author: string;
  onReport: () => void;
}) {
  return (
    <li className={`chat__item${message.mine ? ' chat__item--mine' : ''}`}>
      <span className="visually-hidden">{author}: </span>
      <p className="chat__bubble">{message.text}</p>
      <p className="chat__meta">
        <time dateTime={message.createdAt}>{t.time(message.createdAt)}</time>
        {message.mine && <span>{message.seen ? t.seen : t.sent}</span>}
        {message.masked && <span className="visually-hidden">{t.masked}</span>}
        {!message.mine && (
          <button type="button" className="link-button" onClick={onReport}>
            {t.report.message}
          </button>
        )}
      </p>
    </li>
  );
}

export default function ConversationPage() {
  const { offerId = '' } = useParams();
  return (
    <QueryProvider>
      <ConversationView key={offerId} offerId={offerId} />
    </QueryProvider>
  );
}
