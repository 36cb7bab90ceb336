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

/** Resolves in a new task: what follows does not lengthen the task that is running. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The first number or date formatted in Spanish loads the locale's data (~12 ms here, ~50 ms on a slow
 * phone), numbers and dates each their own. Loaded in tasks of their own, they do not lengthen the one
 * that runs the page's code, whose module formatters (packages/domain/src/format.ts) would otherwise
 * pay for them (Total Blocking Time).
 */
const localeData = [
  () => void new Intl.NumberFormat('es-ES').format(0),
  () => void new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' }).format(0),
];

// A page the API rendered (entry-server.tsx) is already on screen: the app loads and hydrates it after
// its first paint, so a slow phone shows it without waiting for the script to download and run; the
// work is cut in tasks (locale data, the app's code, the page's code, hydration in slices: boot.tsx).
async function startAfterFirstPaint(): Promise<void> {
  await afterFirstPaint();
  for (const load of localeData) {
    await nextTask();
    load();
  }
  await nextTask();
  start();
}

if (serverRendered) void startAfterFirstPaint();
else start();
