import { Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';

/** /new-announcement/:propertyUuid/:announcementUuid? goes to the whole-home rental form (SPEC 2.1). */
export default function NewAnnouncementRedirect() {
  const { propertyUuid, announcementUuid } = useParams();
  if (!propertyUuid) return <Navigate to={paths.notFound} replace />;
  return <Navigate to={paths.newAnnouncement('rental', propertyUuid, announcementUuid)} replace />;
}
