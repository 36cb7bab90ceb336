import type { ReactNode } from 'react';
import { Button } from './button';
import { AlertIcon } from './icons';
import { uiTexts } from './texts';

export interface ErrorStateProps {
  title?: string;
  description?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  /** 1 when the state is the whole page (404), 2 by default. */
  headingLevel?: 1 | 2 | 3;
}

export function ErrorState({
  title = uiTexts.errorTitle,
  description = uiTexts.errorDescription,
  onRetry,
  retryLabel = uiTexts.retry,
  headingLevel = 2,
}: ErrorStateProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h2';
  return (
    <div className="state state--error" role="alert">
      <div className="state__icon" aria-hidden="true">
        <AlertIcon size={32} />
      </div>
      <Heading className="state__title">{title}</Heading>
      {description && <p className="state__text">{description}</p>}
      {onRetry && (
        <div className="state__action">
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
