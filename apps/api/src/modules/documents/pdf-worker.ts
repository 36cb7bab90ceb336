import { classifyPdf } from './pdf-check';

/**
 * The process that reads one uploaded PDF (inspect.ts forks it): says it is ready, receives the bytes,
 * answers their verdict, once, and ends.
 */
process.once('message', (bytes: Uint8Array) => {
  void classifyPdf(bytes).then((verdict) => process.send?.(verdict, () => process.exit(0)));
});
process.send?.('ready');
