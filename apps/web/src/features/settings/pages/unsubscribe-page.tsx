import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { MessagePage } from '../../../shared/ui/message-page';
import { paths } from '../../../shared/paths';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { unsubscribeEmails } from '../settings-api';
import { settingsTexts } from '../texts';

const t = settingsTexts.unsubscribePage;
const links = [{ to: paths.settings, label: t.toSettings }];

/**
 * /unsubscribe?token=… (the footer link of every e-mail): works without logging in. Opening the link
 * changes nothing (mail scanners open links); the person confirms with the button.
 */
export default function UnsubscribePage() {
  useDocumentTitle(t.documentTitle);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'idle' | 'sending' | 'done' | { failed: string }>(
    token ? 'idle' : { failed: t.missing },
  );

  const confirm = () => {
    setState('sending');
    unsubscribeEmails(token)
      .then(() => setState('done'))
      .catch((error: unknown) =>
        setState({ failed: error instanceof ApiError ? error.message : String(error) }),
      );
  };

  if (state === 'done')
    return <MessagePage documentTitle={t.documentTitle} title={t.doneTitle} body={t.done} links={links} />;
  if (typeof state === 'object')
    return (
      <MessagePage documentTitle={t.documentTitle} title={t.failedTitle} body={state.failed} links={links} />
    );
  return (
    <div className="page-narrow stack">
      <h1 className="section__title">{t.title}</h1>
      <p>{t.body}</p>
      <div className="actions">
        <Button loading={state === 'sending'} onClick={confirm}>
          {t.confirm}
        </Button>
      </div>
    </div>
  );
}
