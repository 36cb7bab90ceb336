import { AnnouncementFormPage } from './announcement-form-page';

/** /new-announcement-venta/:propertyUuid/:announcementUuid? */
export default function SaleFormPage() {
  return <AnnouncementFormPage kind="sale" />;
}
