import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { filtersToSearchParams, emptyFilters } from '../filters';
import { propertyTexts } from '../texts';

const t = propertyTexts.notFound;
const kindLink = (kind: 'alquiler' | 'venta') =>
  paths.propertiesWith(filtersToSearchParams({ ...emptyFilters, kind }));

/** /property/:id/not-found: the announcement was withdrawn, closed or never existed. */
export default function PropertyNotFoundPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <div className="page">
      <EmptyState
        title={t.title}
        headingLevel={1}
        description={t.body}
        action={
          <div className="actions">
            <Link className="btn btn--primary" to={paths.properties}>
              {t.all}
            </Link>
            <Link className="btn btn--secondary" to={kindLink('alquiler')}>
              {t.rent}
            </Link>
            <Link className="btn btn--secondary" to={kindLink('venta')}>
              {t.buy}
            </Link>
          </div>
        }
      />
    </div>
  );
}
