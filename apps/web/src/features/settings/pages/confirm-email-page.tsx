import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { MessagePage } from '../../../shared/ui/message-page';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { paths } from '../../../shared/paths';
import { confirmEmail } from '../settings-api';
import { settingsTexts } from '../texts';

const t = settingsTexts.confirmPage;

type Outcome = { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/**
 * /confirm-email?token=… (the link of the confirmation e-mail): confirms on opening, with or without a
 * session (the link may be opened on another device), and says the outcome.
 */
export default function ConfirmEmailPage() {
  useDocumentTitle(t.documentTitle);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });

  useEffect(() => {
    let current = true;
    confirmEmail(token)
      .then(({ email }) => current && setOutcome({ kind: 'done', email }))
      .catch((error: unknown) => {
        if (!current) return;
        setOutcome({ kind: 'failed', message: error instanceof ApiError ? error.message : String(error) });
      });
    return () => {
      current = false;
    };
  }, [token]);

  if (outcome.kind === 'working')
    return (
      <div className="page">
        <Spinner block showLabel label={t.working} />
      </div>
    );
  const links = [
    { to: paths.settings, label: t.toSettings },
    { to: paths.properties, label: t.toHome },
  ];
  return outcome.kind === 'done' ? (
    <MessagePage
      documentTitle={t.documentTitle}
      title={t.doneTitle}
      body={t.done(outcome.email)}
      links={links}
    />
  ) : (
    <MessagePage documentTitle={t.documentTitle} title={t.failedTitle} body={outcome.message} links={links} />
  );
}
