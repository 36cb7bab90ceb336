import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { dataBlockIds, takeDataBlock } from '../../shared/server-data';

/**
 * The property page the API rendered on the server (anonymous view) and wrote into index.html, so
 * the page paints without waiting for its request.
 */
let initial: { id: string; property: PropertyPage } | null = null;

/** Server rendering (entry-server.tsx), and the client reading the API's block. */
export function primeProperty(id: string, property: PropertyPage): void {
  initial = { id, property };
}

/** Client: adopt the block the API wrote for the URL's id (read when the page's chunk loads). */
function adoptInitialProperty(): void {
  const data = takeDataBlock(dataBlockIds.property) as { id?: unknown; property?: PropertyPage } | null;
  if (typeof data?.id === 'string' && data.property) primeProperty(data.id, data.property);
}
adoptInitialProperty();

/** The primed page for this id, if any. */
export const peekInitialProperty = (id: string): PropertyPage | null =>
  initial?.id === id ? initial.property : null;

/** Forgets the primed page; true when it was this id's (a later visit asks the API again). */
export function consumeInitialProperty(id: string): boolean {
  const hit = initial?.id === id;
  if (hit) initial = null;
  return hit;
}
