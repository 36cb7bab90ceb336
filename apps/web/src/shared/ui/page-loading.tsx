import { Spinner } from './spinner';

/** A route's page while its chunk loads: the spinner, read out as uiTexts.loading. */
export function PageLoading() {
  return (
    <div className="page page-loading" aria-busy="true">
      <Spinner />
    </div>
  );
}
