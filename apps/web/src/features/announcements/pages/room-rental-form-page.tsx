import { AnnouncementFormPage } from './announcement-form-page';

/** /new-announcement-alquiler-habitacion/:propertyUuid/:announcementUuid? */
export default function RoomRentalFormPage() {
  return <AnnouncementFormPage kind="room" />;
}
