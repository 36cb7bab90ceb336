import type { Locator, Page } from '@playwright/test';

/**
 * Counts a person's actions along a journey (issue 23: "how many taps the whole deal takes"). Each tap
 * or click is one, each field filled is one (however long the text), each choice in a select, a radio,
 * a checkbox or a file picker is one, and opening a page is one (the tap on the link in a message, the
 * menu or a shared link that brings the person there). Waiting, reading and scrolling are not counted.
 * Every action is done through here, so what is counted is what the test really did.
 */
export class TapCounter {
  private readonly steps: { name: string; taps: number }[] = [];

  /** Starts counting a step of the journey ("El propietario se registra"). */
  step(name: string): void {
    this.steps.push({ name, taps: 0 });
  }

  private count(): void {
    const step = this.steps.at(-1);
    if (!step) throw new Error('TapCounter: call step() before the first action');
    step.taps += 1;
  }

  /** A tap on a button, a link, a tab. */
  async tap(target: Locator): Promise<void> {
    await target.click();
    this.count();
  }

  /** A field filled (typed, pasted or filled by the keyboard's suggestion: one action). */
  async fill(target: Locator, value: string): Promise<void> {
    await target.fill(value);
    this.count();
  }

  /** A field typed key by key (an amount the field formats as it is typed): still one action. */
  async type(target: Locator, value: string): Promise<void> {
    await target.pressSequentially(value);
    this.count();
  }

  /** A choice in a select. */
  async select(target: Locator, option: { label: string } | { index: number }): Promise<void> {
    await target.selectOption(option);
    this.count();
  }

  /** A checkbox or a radio ticked. */
  async check(target: Locator): Promise<void> {
    await target.check();
    this.count();
  }

  /** Files chosen in the picker (several at once: one choice). */
  async files(target: Locator, files: string[]): Promise<void> {
    await target.setInputFiles(files);
    this.count();
  }

  /** A page opened from a link outside it (a message, the menu, a shared link): one tap. */
  async open(page: Page, url: string): Promise<void> {
    await page.goto(url);
    this.count();
  }

  get total(): number {
    return this.steps.reduce((sum, step) => sum + step.taps, 0);
  }

  /** The counts as a Markdown table, one row per step and the total. */
  table(): string {
    const rows = this.steps.map((step, i) => `| ${i + 1} | ${step.name} | ${step.taps} |`);
    return [
      '| # | Paso | Toques |',
      '| --- | --- | ---: |',
      ...rows,
      `| | **Total** | **${this.total}** |`,
    ].join('\n');
  }
}
