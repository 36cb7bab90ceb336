import { useEffect } from 'react';

/** Sets the tab title as "<page> · Casaoferta". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Casaoferta`;
  }, [title]);
}
