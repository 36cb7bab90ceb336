import { Link, useNavigate, useParams } from 'react-router';
import { announcementKinds } from '@casaoferta/domain/announcement-kind';
import { AnnouncementStatus } from '@casaoferta/domain/codes';
import { paths } from '../../../shared/paths';
import { QueryProvider } from '../../../shared/api/query-client';
import { useProperty } from '../../../shared/api/use-property';
import { buttonClassName } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { useMyAnnouncements } from '../api/list-my-announcements';
import { useMyProperties } from '../api/list-my-properties';
import { OwnerAnnouncementCard } from '../components/announcement-card';
import { PropertyHeader } from '../components/property-header';
import { announcementTexts } from '../texts';
import '../announcements.css';

const t = announcementTexts.property;

/** Live, bidding closed or decided: the owner follows its offers at /property/{id}/offers. */
const offersStatuses = new Set<string>([
  AnnouncementStatus.Validated,
  AnnouncementStatus.BiddingClosed,
  AnnouncementStatus.TenantSelected,
]);

function PropertyAnnouncements({ propertyId }: { propertyId: string }) {
  const query = useMyAnnouncements();
  if (query.isPending) return <Spinner block />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const mine = query.data.filter((announcement) => announcement.propertyId === propertyId);
  if (mine.length === 0) return <p className="muted">{t.noAnnouncements}</p>;
  const withOffers = mine.filter((announcement) => offersStatuses.has(announcement.statusCode));
  return (
    <>
      {withOffers.length > 0 && (
        <Link className={buttonClassName('primary')} to={paths.propertyOffers(propertyId)}>
          {t.viewOffers(withOffers.reduce((sum, announcement) => sum + announcement.offersCount, 0))}
        </Link>
      )}
      <ul className="plain-list ann-list">
        {mine.map((announcement) => (
          <OwnerAnnouncementCard key={announcement.id} announcement={announcement} headingLevel={3} />
        ))}
      </ul>
    </>
  );
}

function PropertyDetail({ propertyId }: { propertyId: string }) {
  const property = useProperty(propertyId);
  const summaries = useMyProperties();
  const navigate = useNavigate();
  if (property.isPending) return <Spinner block />;
  if (property.isError) {
    return <ErrorState title={t.loadErrorTitle} headingLevel={1} onRetry={() => void property.refetch()} />;
  }
  return (
    <>
      <PropertyHeader
        property={property.data}
        summary={summaries.data?.find((item) => item.id === propertyId)}
        onDiscarded={() => void navigate(paths.announcementList, { replace: true })}
      />
      <section className="stack" aria-labelledby="ann-property-announcements">
        <h2 id="ann-property-announcements" className="card__title">
          {t.announcements}
        </h2>
        <PropertyAnnouncements propertyId={propertyId} />
        <nav className="cluster" aria-label={t.newAnnouncement}>
          <span className="muted">{t.newAnnouncement}:</span>
          {announcementKinds.map((kind) => (
            <Link
              key={kind}
              className={buttonClassName('ghost', 'sm')}
              to={paths.newAnnouncement(kind, propertyId)}
            >
              {t.kinds[kind]}
            </Link>
          ))}
        </nav>
      </section>
    </>
  );
}

/** /property-detail/:propertyId: the owner's view of a property and its announcements. */
export default function PropertyDetailPage() {
  const { propertyId = '' } = useParams();
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <div className="page-narrow stack">
        <PropertyDetail key={propertyId} propertyId={propertyId} />
      </div>
    </QueryProvider>
  );
}
