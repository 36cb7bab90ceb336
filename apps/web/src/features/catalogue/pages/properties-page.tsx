import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { EmptyState } from '../../../shared/ui/empty-state';
import { catalogueTexts as t } from '../texts';

/**
 * /properties (landing section 'available-properties'). The announcement search arrives with the
 * listings issue; until then no announcement exists, and the page says so.
 */
export default function PropertiesPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <div className="page">
      <section className="hero" aria-labelledby="properties-title">
        <h1 id="properties-title" className="hero__title">
          {t.title}
        </h1>
        <p className="hero__lead">{t.lead}</p>
      </section>
      <ul className="grid-3 plain-list">
        {t.kinds.map((kind) => (
          <li key={kind.title} className="card">
            <h2 className="card__title">{kind.title}</h2>
            <p className="muted">{kind.body}</p>
          </li>
        ))}
      </ul>
      <section id="available-properties" className="section">
        <EmptyState
          title={t.emptyTitle}
          description={t.emptyBody}
          action={
            <div className="actions">
              <Link className="btn btn--primary" to={paths.newProperty()}>
                {t.publish}
              </Link>
              <Link className="btn btn--secondary" to={paths.about}>
                {t.howItWorks}
              </Link>
            </div>
          }
        />
      </section>
    </div>
  );
}
