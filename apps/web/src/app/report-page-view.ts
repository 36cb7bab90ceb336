let previousPath: string | null = null;

/** Fire and forget: analytics must never disturb the page (no toast, no retry). */
export function reportPageView(path: string): void {
  const body = JSON.stringify({ path, referrer: previousPath });
  previousPath = path;
  void fetch('/api/analytics/page-view', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}
