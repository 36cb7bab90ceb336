import { Link } from 'react-router';
import { useDocumentTitle } from '../use-document-title';
import { EmptyState } from './empty-state';

export interface MessagePageLink {
  to: string;
  label: string;
}

export interface MessagePageProps {
  documentTitle: string;
  title: string;
  body: string;
  /** The first link is the primary action. */
  links: MessagePageLink[];
}

/** A whole page that only says something and offers ways out: not found, not allowed, gone. */
export function MessagePage({ documentTitle, title, body, links }: MessagePageProps) {
  useDocumentTitle(documentTitle);
  return (
    <div className="page">
      <EmptyState
        title={title}
        headingLevel={1}
        description={body}
        action={
          <div className="actions">
            {links.map((link, index) => (
              <Link
                key={link.to}
                className={`btn ${index === 0 ? 'btn--primary' : 'btn--secondary'}`}
                to={link.to}
              >
                {link.label}
              </Link>
            ))}
          </div>
        }
      />
    </div>
  );
}
