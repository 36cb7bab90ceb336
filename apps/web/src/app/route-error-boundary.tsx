import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../shared/ui/error-boundary';
import { ErrorState } from '../shared/ui/error-state';
import { PageLoadError, retryFailedPageLoads } from './lazy-page';
import { shellTexts } from './shell/texts';

const t = shellTexts.pageError;

function PageError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const loadFailed = error instanceof PageLoadError;
  return (
    <div className="page">
      <ErrorState
        headingLevel={1}
        title={loadFailed ? shellTexts.pageLoadFailed : t.renderTitle}
        description={loadFailed ? t.loadText : t.renderText}
        onRetry={onRetry}
      />
    </div>
  );
}

/**
 * The page of a route, or (SPEC 8) what went wrong with it: a chunk that did not load, or a render
 * error. 'Reintentar' imports failed chunks again and renders the page anew; another route renders
 * normally, so the header and the menu always offer a way out. Never a blank page.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error, reset) => (
        <PageError
          error={error}
          onRetry={() => {
            retryFailedPageLoads();
            reset();
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
