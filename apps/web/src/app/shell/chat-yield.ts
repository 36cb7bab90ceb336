/**
 * When the chat button steps aside (chat-button.tsx): while a button, field or switch lies under it,
 * and (phones, shell.css) while the person types. Loaded after the page, off the first load.
 */
export interface ChatYield {
  typing: boolean;
  onControl: boolean;
}

/** Fields that bring up a phone's keyboard. */
const typingField =
  'textarea, [contenteditable]:not([contenteditable="false"]), input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"], [type="reset"], [type="range"], [type="file"], [type="color"])';

const isTypingField = (target: EventTarget | null): boolean =>
  target instanceof Element && target.matches(typingField);

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
 * Watches `element` (the chat button) and reports how it must yield: on focus changes (typing), and at
 * most once a frame after a scroll, a resize, or a change of the page's size or content (a new page, a
 * step of a form). Returns what stops watching.
 */
export function watchChatYield(element: HTMLElement, report: (state: ChatYield) => void): () => void {
  let typing = false;
  let onControl = false;
  const setTyping = (next: boolean) => {
    if (next === typing) return;
    typing = next;
    report({ typing, onControl });
  };
  const onFocusIn = (event: FocusEvent) => setTyping(isTypingField(event.target));
  const onFocusOut = (event: FocusEvent) => setTyping(isTypingField(event.relatedTarget));
  let frame = 0;
  const check = () => {
    frame = 0;
    const next = liesOnControl(element);
    if (next === onControl) return;
    onControl = next;
    report({ typing, onControl });
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(check);
  };
  schedule();
  const resizes = new ResizeObserver(schedule);
  resizes.observe(document.body);
  const changes = new MutationObserver(schedule);
  changes.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  window.addEventListener('scroll', schedule, { passive: true, capture: true });
  window.addEventListener('resize', schedule);
  return () => {
    cancelAnimationFrame(frame);
    resizes.disconnect();
    changes.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
    window.removeEventListener('scroll', schedule, { capture: true });
    window.removeEventListener('resize', schedule);
  };
}
