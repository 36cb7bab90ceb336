import { Spinner } from './spinner';

export function PageLoading() {
  return (
    <div className="page page-loading" aria-busy="true">
      <Spinner label="Cargando…" />
    </div>
  );
}
