import { vi } from 'vitest';

// The API project shares its workers between test files (vitest.config.ts, `isolate: false`): Node keeps the
// dependencies it has loaded (Fastify, PGlite, sharp, pdf and crypto libraries) from one file to the next,
// which is most of what a file spent on imports. Our own modules start afresh in every file, as in an
// isolated worker: their module state is the file's own, and a file's vi.mock applies (dev.test.ts).
vi.resetModules();
