import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchFormActions, wouldCoverFormAction } from './cookie-banner-yield';

/** A 390 × 844 phone, a banner 210 px high resting 12 px above the bottom: it covers 622–832. */
function layout(buttonTop: number, { type = 'submit', inForm = true } = {}) {
  vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(844);
  document.body.innerHTML = `<main>${inForm ? '<form>' : ''}<button${type ? ` type="${type}"` : ''}>Enviar código</button>${inForm ? '</form>' : ''}</main><section style="bottom: 12px">banner</section>`;
  const banner = document.querySelector('section') as HTMLElement;
  vi.spyOn(banner, 'offsetHeight', 'get').mockReturnValue(210);
  const button = document.querySelector('button') as HTMLElement;
  vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(new DOMRect(41, buttonTop, 308, 44));
  return { banner, button };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('wouldCoverFormAction (issue 23)', () => {
  it('is false while the submit button lies above the band the banner rests on', () => {
    expect(wouldCoverFormAction(layout(553).banner)).toBe(false);
  });

  it('is true when the submit button lies in that band, or partly', () => {
    expect(wouldCoverFormAction(layout(700).banner)).toBe(true);
    expect(wouldCoverFormAction(layout(600).banner)).toBe(true);
  });

  it('counts a form button without a type (a submit button), not a plain button or one outside forms', () => {
    expect(wouldCoverFormAction(layout(700, { type: '' }).banner)).toBe(true);
    expect(wouldCoverFormAction(layout(700, { type: 'button' }).banner)).toBe(false);
    expect(wouldCoverFormAction(layout(700, { inForm: false }).banner)).toBe(false);
  });

  it('is false below the screen (scrolled away)', () => {
    expect(wouldCoverFormAction(layout(900).banner)).toBe(false);
  });
});

describe('watchFormActions', () => {
  it('reports at once, and again after a scroll brings the button into the band', () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => {
      run();
      return 1;
    });
    const { banner, button } = layout(553);
    const reports: boolean[] = [];
    const stop = watchFormActions(banner, (inFlow) => reports.push(inFlow));
    expect(reports).toEqual([false]);
    vi.mocked(button.getBoundingClientRect).mockReturnValue(new DOMRect(41, 700, 308, 44));
    window.dispatchEvent(new Event('scroll'));
    expect(reports).toEqual([false, true]);
    stop();
    vi.mocked(button.getBoundingClientRect).mockReturnValue(new DOMRect(41, 100, 308, 44));
    window.dispatchEvent(new Event('scroll'));
    expect(reports).toEqual([false, true]);
  });
});
