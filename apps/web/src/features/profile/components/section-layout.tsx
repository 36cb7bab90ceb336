import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { useTenantProfile } from '../api/tenant-api';
import { useProfileLists, type ProfileLists } from '../lists';
import { profilePaths } from '../profile-paths';
import { profileTexts as t } from '../texts';

export interface SectionLayoutProps {
  title: string;
  intro: string;
  /** Also an info button or the like, next to the title. */
  aside?: ReactNode;
  children: (data: { profile: TenantProfile; lists: ProfileLists }) => ReactNode;
}

/** A subpage of /profile: the way back, its title and intro, and its content once the profile is loaded. */
export function SectionLayout({ title, intro, aside, children }: SectionLayoutProps) {
  useDocumentTitle(title);
  const profile = useTenantProfile();
  const lists = useProfileLists();
  const failed = (profile.isError && !profile.data) || (lists.isError && !lists.data);
  return (
    <div className="page-narrow stack profile-page">
      <Link className="profile-back" to={profilePaths.hub}>
        {t.backToProfile}
      </Link>
      <header className="stack profile-section-header">
        <h1 className="section__title">{title}</h1>
        <p className="muted">{intro}</p>
        {aside}
      </header>
      {failed ? (
        <ErrorState
          title={profile.isError ? t.loadErrorTitle : t.mastersErrorTitle}
          onRetry={() => {
            if (profile.isError) void profile.refetch();
            if (lists.isError) void lists.refetch();
          }}
        />
      ) : profile.data && lists.data ? (
        children({ profile: profile.data, lists: lists.data })
      ) : (
        <Spinner block />
      )}
    </div>
  );
}
