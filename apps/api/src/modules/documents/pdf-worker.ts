import { parentPort, workerData } from 'node:worker_threads';
import { classifyPdf } from './pdf-check';

/** The worker thread that reads one uploaded PDF (inspect.ts starts it): answers its verdict, once. */
parentPort?.postMessage(await classifyPdf(workerData as Uint8Array));
