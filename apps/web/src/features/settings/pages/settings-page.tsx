import { useQuery } from '@tanstack/react-query';
import { QueryProvider } from '../../../shared/api/query-client';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { AccountData } from '../components/account-data';
import { EmailSettings } from '../components/email-settings';
import { NotificationSettingsForm } from '../components/notification-settings-form';
import { SupportAccessList } from '../components/support-access-list';
import { fetchUserWithSettings } from '../settings-api';
import { settingsTexts as t } from '../texts';
import '../settings.css';

function Settings() {
  const query = useQuery({
    queryKey: ['user-settings'],
    queryFn: ({ signal }) => fetchUserWithSettings(signal),
  });
  return (
    <div className="page-narrow stack">
      <h1 className="section__title">{t.title}</h1>
      {query.isPending && <Spinner block />}
      {query.isError && <ErrorState title={t.loadErrorTitle} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <AccountData user={query.data} />
          <EmailSettings />
          <NotificationSettingsForm initial={query.data.notificationSettings} />
          <SupportAccessList accesses={query.data.supportAccess} />
        </>
      )}
    </div>
  );
}

/** /settings (logged users): account data, e-mail address, notification settings, support-team accesses. */
export default function SettingsPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <Settings />
    </QueryProvider>
  );
}
