import type { ReactNode } from 'react';
import { Button } from './button';
import { AlertIcon } from './icons';
import { uiTexts } from './texts';

export interface ErrorStateProps {
  title?: string;
  description?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  headingLevel?: 2 | 3;
}

export function ErrorState({
  title = uiTexts.errorTitle,
  description = uiTexts.errorDescription,
  onRetry,
  retryLabel = uiTexts.retry,
  headingLevel = 2,
}: ErrorStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
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
