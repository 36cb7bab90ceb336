import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { EmptyState } from '../../../shared/ui/empty-state';
import { errorPageTexts } from '../texts';

const t = errorPageTexts.notAllowed;

export default function NotAllowedPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <div className="page">
      <EmptyState
        title={t.title}
        headingLevel={1}
        description={t.body}
        action={
          <Link className="btn btn--primary" to={paths.properties}>
            {t.primary}
          </Link>
        }
      />
    </div>
  );
}
