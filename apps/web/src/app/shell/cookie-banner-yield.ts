/**
 * When the cookie banner leaves the bottom of the screen (issue 23): while a form's submit button lies
 * where the banner rests (the band at the bottom of the viewport), the banner stays in the page's flow,
 * at its end, instead of sticking over that button. Sticky or not, it takes the same room in the page,
 * so nothing else moves.
 */

/** A form's primary button: what the banner must never cover. */
const formActions = 'main form button[type="submit"], main form button:not([type])';

/** The band of the viewport the banner covers when it sticks to the bottom. */
function restingBand(banner: HTMLElement): { top: number; bottom: number } {
  const offset = Number.parseFloat(getComputedStyle(banner).bottom);
  const bottom = document.documentElement.clientHeight - (Number.isFinite(offset) ? offset : 0);
  return { top: bottom - banner.offsetHeight, bottom };
}

/** Whether the banner, stuck to the bottom of the screen, would cover a form's submit button. */
export function wouldCoverFormAction(banner: HTMLElement): boolean {
  const band = restingBand(banner);
  return [...document.querySelectorAll(formActions)].some((button) => {
    const rect = button.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && rect.top < band.bottom && rect.bottom > band.top;
  });
}

/**
 * Watches the page for `banner` and reports whether it must stay in the flow: at once, and at most once
 * a frame after a scroll, a resize or a change of the page (a new page, a step of a form). Returns what
 * stops watching.
 */
export function watchFormActions(banner: HTMLElement, report: (inFlow: boolean) => void): () => void {
  let inFlow: boolean | null = null;
  let frame = 0;
  const check = () => {
    frame = 0;
    const next = wouldCoverFormAction(banner);
    if (next === inFlow) return;
    inFlow = next;
    report(next);
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(check);
  };
  check();
  // Every browser the app supports has it; a test's document may not.
  const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
  resizes?.observe(document.body);
  const changes = new MutationObserver(schedule);
  changes.observe(document.body, { childList: true, subtree: true });
  window.addEventListener('scroll', schedule, { passive: true, capture: true });
  window.addEventListener('resize', schedule);
  return () => {
    cancelAnimationFrame(frame);
    resizes?.disconnect();
    changes.disconnect();
    window.removeEventListener('scroll', schedule, { capture: true });
    window.removeEventListener('resize', schedule);
  };
}
