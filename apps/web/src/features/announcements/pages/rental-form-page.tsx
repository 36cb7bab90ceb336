import { AnnouncementFormPage } from './announcement-form-page';

/** /new-announcement-alquiler/:propertyUuid/:announcementUuid? */
export default function RentalFormPage() {
  return <AnnouncementFormPage kind="rental" />;
}
