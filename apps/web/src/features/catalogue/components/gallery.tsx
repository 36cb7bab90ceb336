import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { ChevronRightIcon } from '../../../shared/ui/icons';
import { propertyTexts } from '../property-texts';

const t = propertyTexts.gallery;
const SWIPE_PX = 40;
const SIZES = '(min-width: 1200px) 760px, (min-width: 900px) 62vw, 100vw';

/** thumb 320w, card 640w and the gallery size itself (the API never enlarges a photo). */
export const srcSetOf = (image: ImageDto) =>
  `${image.thumb} ${Math.min(320, image.width)}w, ${image.card} ${Math.min(640, image.width)}w, ${image.gallery} ${image.width}w`;

export interface GalleryProps {
  images: readonly ImageDto[];
  title: string;
}

/**
 * Photo carousel: buttons, a counter, thumbnails, touch swipe, and the arrow keys (Home/End) while
 * focus is anywhere inside it.
 */
export function Gallery({ images, title }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const total = images.length;
  const image = images[Math.min(index, total - 1)];

  // Warm the next photo so a swipe shows it at once.
  useEffect(() => {
    const next = images[(index + 1) % total];
    if (!next || total < 2) return;
    const preload = new Image();
    preload.sizes = SIZES;
    preload.srcset = srcSetOf(next);
  }, [images, index, total]);

  if (!image) {
    return (
      <div className="gallery gallery--empty">
        <p className="muted">{t.empty}</p>
      </div>
    );
  }

  const go = (delta: number) => setIndex((current) => (current + delta + total) % total);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => go(-1),
      ArrowRight: () => go(1),
      Home: () => setIndex(0),
      End: () => setIndex(total - 1),
    };
    const move = moves[event.key];
    if (!move || total < 2) return;
    event.preventDefault();
    move();
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    swipe.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || total < 2) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) go(dx < 0 ? 1 : -1);
  };

  const position = Math.min(index, total - 1) + 1;
  return (
    <section
      className="gallery"
      aria-roledescription={t.roleDescription}
      aria-label={t.label}
      onKeyDown={onKeyDown}
    >
      <div
        className="gallery__stage"
        style={{ backgroundColor: image.color }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        <img
          key={image.id}
          className="gallery__image"
          src={image.gallery}
          srcSet={srcSetOf(image)}
          sizes={SIZES}
          width={image.width}
          height={image.height}
          alt={t.alt(position, total, title)}
          fetchPriority={position === 1 ? 'high' : 'auto'}
          draggable={false}
        />
        {total > 1 && (
          <>
            <button
              type="button"
              className="gallery__nav gallery__nav--prev"
              aria-label={t.previous}
              onClick={() => go(-1)}
            >
              <ChevronRightIcon />
            </button>
            <button
              type="button"
              className="gallery__nav gallery__nav--next"
              aria-label={t.next}
              onClick={() => go(1)}
            >
              <ChevronRightIcon />
            </button>
            <p className="gallery__counter" aria-live="polite">
              {t.counter(position, total)}
            </p>
          </>
        )}
      </div>
      {total > 1 && (
        <ul className="gallery__thumbs plain-list">
          {images.map((thumb, i) => (
            <li key={thumb.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={t.show(i + 1)}
                aria-current={i + 1 === position ? 'true' : undefined}
                onClick={() => setIndex(i)}
                style={{ backgroundColor: thumb.color }}
              >
                <img src={thumb.thumb} alt="" width={96} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
