import type { ImageDto } from '@casaoferta/domain/schemas/listings';

/**
 * Photos the owner deleted whose undo window is still open, per property: gone from the screen, still
 * on the server until their toast closes. Framework-free, so the toast's callbacks still find them
 * once the photo step is left.
 */
interface Removal {
  image: ImageDto;
  /** Where it was, to put it back there. */
  index: number;
  /** The others were reordered meanwhile: the server's order must be sent again on undo. */
  reordered: boolean;
}

const removals = new Map<string, Map<string, Removal>>();

const of = (propertyId: string) => {
  const existing = removals.get(propertyId);
  if (existing) return existing;
  const created = new Map<string, Removal>();
  removals.set(propertyId, created);
  return created;
};

export const pendingRemovals = {
  add(propertyId: string, image: ImageDto, index: number) {
    of(propertyId).set(image.id, { image, index, reordered: false });
  },
  /** Ends the window of one photo (undone or deleted); undefined when it was already ended. */
  take(propertyId: string, imageId: string): Removal | undefined {
    const removal = of(propertyId).get(imageId);
    of(propertyId).delete(imageId);
    return removal;
  },
  /** Ids the server still has: an order sent meanwhile must name them too (it names every photo). */
  ids: (propertyId: string): string[] => [...of(propertyId).keys()],
  markReordered(propertyId: string) {
    for (const removal of of(propertyId).values()) removal.reordered = true;
  },
};
