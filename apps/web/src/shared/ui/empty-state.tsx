import type { ReactNode } from 'react';
import { SearchIcon } from './icons';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A button or link, e.g. "Publica tu anuncio". */
  action?: ReactNode;
  icon?: ReactNode;
  /** 1 when the state is the whole page (404), 2 by default. */
  headingLevel?: 1 | 2 | 3;
}

export function EmptyState({ title, description, action, icon, headingLevel = 2 }: EmptyStateProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h2';
  return (
    <div className="state">
      <div className="state__icon" aria-hidden="true">
        {icon ?? <SearchIcon size={32} />}
      </div>
      <Heading className="state__title">{title}</Heading>
      {description && <p className="state__text">{description}</p>}
      {action && <div className="state__action">{action}</div>}
    </div>
  );
}
