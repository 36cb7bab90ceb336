import { Button } from './button';

/**
 * Its texts live here, not in texts.ts: uiTexts is on the catalogue's first load, a paginated list never
 * is (lazy pages only).
 */
const t = {
  label: 'Páginas de resultados',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
} as const;

export interface PaginationProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** Anterior / 'Página n de m' / Siguiente under a paginated list; nothing when there is one page. */
export function Pagination({ page, pages, onChange }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t.label}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t.previous}
      </Button>
      <span aria-current="page">{t.pageOf(page, pages)}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t.next}
      </Button>
    </nav>
  );
}
