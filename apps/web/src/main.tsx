import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
const container = root;
const serverRendered = container.firstElementChild !== null;
const start = () => void import('./boot').then(({ boot }) => boot(container, serverRendered));

const PAINT_WAIT_LIMIT_MS = 3000;

/**
 * Resolves once the page has painted and its first photos have loaded: the bandwidth and the main
 * thread go to the first paint, not to the app's code. Never waits longer than 3 s (a hidden tab
 * does not paint).
 */
function afterFirstPaint(): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const painted = new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  const limit = new Promise<void>((resolve) => setTimeout(resolve, PAINT_WAIT_LIMIT_MS));
  return Promise.race([Promise.all([loaded, painted]).then(() => undefined), limit]);
}

// A page the API rendered (entry-server.tsx) is already on screen: the app loads and hydrates it after
// its first paint, so a slow phone shows it without waiting for the script to download and run.
if (serverRendered) void afterFirstPaint().then(start);
else start();
