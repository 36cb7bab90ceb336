import { paths } from '../../../shared/paths';
import { MessagePage } from '../../../shared/ui/message-page';
import { errorPageTexts } from '../texts';

const t = errorPageTexts.notFound;

export default function NotFoundPage() {
  return (
    <MessagePage
      documentTitle={t.documentTitle}
      title={t.title}
      body={t.body}
      links={[
        { to: paths.properties, label: t.primary },
        { to: paths.about, label: t.secondary },
      ]}
    />
  );
}
