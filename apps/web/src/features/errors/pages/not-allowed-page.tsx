import { paths } from '../../../shared/paths';
import { MessagePage } from '../../../shared/ui/message-page';
import { errorPageTexts } from '../texts';

const t = errorPageTexts.notAllowed;

export default function NotAllowedPage() {
  return (
    <MessagePage
      documentTitle={t.documentTitle}
      title={t.title}
      body={t.body}
      links={[{ to: paths.properties, label: t.primary }]}
    />
  );
}
