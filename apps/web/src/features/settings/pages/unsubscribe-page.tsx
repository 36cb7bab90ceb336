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
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A favourite's alert links here with kind=favourites: those alerts only (decision 037).
  const kind = params.get('kind') === 'favourites' ? 'favourites' : 'email';
  const words = kind === 'favourites' ? { ...t, ...t.favourites } : t;
  useDocumentTitle(words.documentTitle);
  const [state, setState] = useState<'idle' | 'sending' | 'done' | { failed: string }>(
    token ? 'idle' : { failed: t.missing },
  );

  const confirm = () => {
    setState('sending');
    unsubscribeEmails(token, kind)
      .then(() => setState('done'))
      .catch((error: unknown) =>
        setState({ failed: error instanceof ApiError ? error.message : String(error) }),
      );
  };

  if (state === 'done')
    return (
      <MessagePage
        documentTitle={words.documentTitle}
        title={words.doneTitle}
        body={words.done}
        links={links}
      />
    );
  if (typeof state === 'object')
    return (
      <MessagePage
        documentTitle={words.documentTitle}
        title={t.failedTitle}
        body={state.failed}
        links={links}
      />
    );
  return (
    <div className="page-narrow stack">
      <h1 className="section__title">{words.title}</h1>
      <p>{words.body}</p>
      <div className="actions">
        <Button loading={state === 'sending'} onClick={confirm}>
          {t.confirm}
        </Button>
      </div>
    </div>
  );
}
