import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Fields that bring up a phone's keyboard. */
const typingField =
  'textarea, [contenteditable]:not([contenteditable="false"]), input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"], [type="reset"], [type="range"], [type="file"], [type="color"])';

const isTypingField = (target: EventTarget | null): boolean =>
  target instanceof Element && target.matches(typingField);

/** Whether the person is typing in a field (focus in a text input, a textarea or an editable area). */
export function useTyping(): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => setTyping(isTypingField(event.target));
    const onFocusOut = (event: FocusEvent) => setTyping(isTypingField(event.relatedTarget));
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return typing;
}

/** What the chat button must never sit on: buttons, fields, switches (not a card that is a link). */
const controls = 'button, input, select, textarea, [role="switch"], [role="button"], .btn';

/** A 5 × 5 grid over the element's box (every 14 px for the chat button: no switch slips between). */
function pointsOf(rect: DOMRect): [number, number][] {
  const steps = [0, 0.25, 0.5, 0.75, 1];
  const inset = 1;
  const width = rect.width - 2 * inset;
  const height = rect.height - 2 * inset;
  return steps.flatMap((fx) =>
    steps.map((fy): [number, number] => [rect.left + inset + fx * width, rect.top + inset + fy * height]),
  );
}

function liesOnControl(element: HTMLElement): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0) return false;
  return pointsOf(rect).some(([x, y]) =>
    document.elementsFromPoint(x, y).some((hit) => !element.contains(hit) && hit.closest(controls)),
  );
}

/**
 * Whether the floating `element` lies on a control of the page, checked (once a frame at most) after
 * every scroll, resize, change of the page's size or of its content (a new page, a step of a form).
 */
export function useLiesOnControl(element: RefObject<HTMLElement | null>): boolean {
  const [onControl, setOnControl] = useState(false);
  useEffect(() => {
    // Not in jsdom (no layout): the button simply stays.
    if (typeof document.elementsFromPoint !== 'function') return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const current = element.current;
      setOnControl(current ? liesOnControl(current) : false);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(check);
    };
    schedule();
    const resizes = new ResizeObserver(schedule);
    resizes.observe(document.body);
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      resizes.disconnect();
      changes.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [element]);
  return onControl;
}
