import { useEffect, useRef, useState } from 'react';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { Button } from '../../../shared/ui/button';
import { useReorderImages } from '../api/reorder-images';
import { usePhotoRemoval } from '../hooks/use-photo-removal';
import { propertyFormTexts } from '../texts';

const t = propertyFormTexts.photos;
type Move = 'before' | 'after';

const moved = (images: readonly ImageDto[], from: number, to: number): ImageDto[] => {
  const next = [...images];
  const [image] = next.splice(from, 1);
  if (image) next.splice(to, 0, image);
  return next;
};

/**
 * The uploaded photos in order, cover first. 'Mover antes' / 'Mover después' reorder with the keyboard
 * (focus follows the photo) and 'Eliminar' deletes with an undo (a toast); a status line tells screen readers what moved.
 */
interface PhotoGridProps {
  propertyId: string;
  images: readonly ImageDto[];
  /** Where focus goes once a photo is deleted (its buttons are gone). */
  onDeleted: () => void;
}

export function PhotoGrid({ propertyId, images, onDeleted }: PhotoGridProps) {
  const reorder = useReorderImages(propertyId);
  const remove = usePhotoRemoval(propertyId);
  const [message, setMessage] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfter = useRef<{ id: string; move: Move } | null>(null);

  useEffect(() => {
    const target = focusAfter.current;
    if (!target || !listRef.current) return;
    focusAfter.current = null;
    const item = listRef.current.querySelector(`[data-photo-id="${target.id}"]`);
    const other: Move = target.move === 'before' ? 'after' : 'before';
    const button =
      item?.querySelector<HTMLButtonElement>(`button[data-move="${target.move}"]:not([disabled])`) ??
      item?.querySelector<HTMLButtonElement>(`button[data-move="${other}"]`);
    button?.focus();
  }, [images]);

  const move = (index: number, direction: Move) => {
    const image = images[index];
    const to = direction === 'before' ? index - 1 : index + 1;
    if (!image || to < 0 || to >= images.length) return;
    focusAfter.current = { id: image.id, move: direction };
    reorder.mutate(moved(images, index, to));
    setMessage(t.moved(to + 1, images.length));
  };

  // The toast says it and offers 'Deshacer'; a photo put back gets the focus.
  const onDelete = (image: ImageDto, index: number) => {
    remove(image, index, (id) => {
      focusAfter.current = { id, move: 'before' };
    });
    onDeleted();
  };

  return (
    <>
      {images.length === 0 ? (
        <p className="muted">{t.none}</p>
      ) : (
        <ol ref={listRef} className="plain-list photo-grid" aria-label={t.listLabel}>
          {images.map((image, index) => (
            <li key={image.id} className="photo-grid__item" data-photo-id={image.id}>
              <figure className="photo-grid__figure">
                <img
                  src={image.thumb}
                  alt={t.photoAlt(index + 1)}
                  width={image.width}
                  height={image.height}
                  style={{ backgroundColor: image.color }}
                  loading="lazy"
                />
                {index === 0 && <figcaption className="badge photo-grid__cover">{t.cover}</figcaption>}
              </figure>
              <div className="photo-grid__actions" role="group" aria-label={t.photoActions(index + 1)}>
                <Button
                  size="sm"
                  variant="secondary"
                  data-move="before"
                  disabled={index === 0}
                  onClick={() => move(index, 'before')}
                >
                  {t.moveBefore}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  data-move="after"
                  disabled={index === images.length - 1}
                  onClick={() => move(index, 'after')}
                >
                  {t.moveAfter}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => onDelete(image, index)}>
                  {t.remove}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className="visually-hidden" role="status">
        {message}
      </p>
    </>
  );
}
