import { useState } from 'react';
import type { DragEvent, Ref } from 'react';
import { propertyFormTexts } from '../texts';

const t = propertyFormTexts.photos;

/**
 * Drop photos here, or pick them with 'Añadir fotos': a real file input (visually hidden, focusable)
 * inside a label drawn as a button, so the keyboard and screen readers never need the drag.
 */
interface PhotoDropZoneProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function PhotoDropZone({ onFiles, disabled = false, inputRef }: PhotoDropZoneProps) {
  const [over, setOver] = useState(false);
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    <div
      className={over ? 'photo-drop photo-drop--over' : 'photo-drop'}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p className="photo-drop__title" aria-hidden="true">
        {t.dropTitle}
      </p>
      <p className="muted text-sm" aria-hidden="true">
        {t.dropOr}
      </p>
      <label
        className={
          disabled ? 'btn btn--primary photo-drop__button is-disabled' : 'btn btn--primary photo-drop__button'
        }
      >
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          multiple
          disabled={disabled}
          className="visually-hidden"
          aria-describedby="photo-drop-accepted"
          onChange={(event) => {
            onFiles(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        {t.add}
      </label>
      <p id="photo-drop-accepted" className="muted text-sm">
        {t.accepted}
      </p>
    </div>
  );
}
