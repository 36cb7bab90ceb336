import { paths } from '../../../shared/paths';
import { MessagePage } from '../../../shared/ui/message-page';
import { filtersToSearchParams, emptyFilters } from '../filters';
import { propertyTexts } from '../property-texts';

const t = propertyTexts.notFound;
const kindLink = (kind: 'alquiler' | 'venta') =>
  paths.propertiesWith(filtersToSearchParams({ ...emptyFilters, kind }));

/** /property/:id/not-found: the announcement was withdrawn, closed or never existed. */
export default function PropertyNotFoundPage() {
  return (
    <MessagePage
      documentTitle={t.documentTitle}
      title={t.title}
      body={t.body}
      links={[
        { to: paths.properties, label: t.all },
        { to: kindLink('alquiler'), label: t.rent },
        { to: kindLink('venta'), label: t.buy },
      ]}
    />
  );
}
