import { useEffect } from 'react';
import { documentTitle } from '@casaoferta/domain/titles';

/** Sets the tab title as "<page> · Casaoferta". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
