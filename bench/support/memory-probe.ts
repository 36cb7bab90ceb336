import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';

/**
 * Preloaded into the API (`--import`) by bench/memory.ts: on SIGUSR2 it appends one JSON line to
 * BENCH_MEMORY_OUT with process.memoryUsage(), V8's heap statistics and spaces, and the CommonJS
 * modules loaded; with BENCH_MEMORY_SNAPSHOT=1 it then writes a heap snapshot beside that file.
 * Nothing is allocated until asked.
 */
const out = process.env.BENCH_MEMORY_OUT;
if (out) {
  process.on('SIGUSR2', () => {
    const require = createRequire(import.meta.url);
    const modules = Object.keys(require.cache);
    const line = {
      at: new Date().toISOString(),
      memory: process.memoryUsage(),
      heap: v8.getHeapStatistics(),
      code: v8.getHeapCodeStatistics(),
      spaces: v8.getHeapSpaceStatistics().map((s) => ({ name: s.space_name, used: s.space_used_size })),
      commonJsModules: modules.length,
      commonJsModulesFromNodeModules: modules.filter((m) => m.includes(`${path.sep}node_modules${path.sep}`))
        .length,
      snapshot:
        process.env.BENCH_MEMORY_SNAPSHOT === '1'
          ? v8.writeHeapSnapshot(path.join(path.dirname(out), 'api.heapsnapshot'))
          : null,
    };
    fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}
