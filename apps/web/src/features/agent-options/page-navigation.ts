/**
 * Full page loads (SPEC 4.6: the page reloads after a block or a readmission), in one object so tests
 * can replace them (jsdom cannot navigate).
 */
export const pageNavigation = {
  reload: (): void => window.location.reload(),
  assign: (url: string): void => window.location.assign(url),
};
