import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Vitest's default keeps one core for itself (cores − 1): on a 2-core machine, one file at a time. Two
    // workers there take the API suite from 496 s to 387 s (docs/PERFORMANCE.md, "The test suite").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // One worker runs many files and keeps the dependencies it loaded; the setup file makes our own
          // modules fresh for each file (docs/PERFORMANCE.md, "The CI run").
          isolate: false,
          setupFiles: ['apps/api/src/test/fresh-modules.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
