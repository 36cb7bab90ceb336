import fs from 'node:fs';
import { defineConfig, mergeConfig, type Plugin, type UserConfig } from 'vite';
import base from './vite.config';

const graph = (): Plugin => ({
  name: 'graph',
  generateBundle() {
    const out: Record<string, { s: string[]; d: string[] }> = {};
    for (const id of this.getModuleIds()) {
      const info = this.getModuleInfo(id);
      if (!info) continue;
      out[id] = { s: [...info.importedIds], d: [...info.dynamicallyImportedIds] };
    }
    fs.writeFileSync('/tmp/web-tmp/graph.json', JSON.stringify(out));
  },
});
export default defineConfig((env) => {
  const b = (typeof base === 'function' ? base(env) : base) as UserConfig;
  return mergeConfig(b, { plugins: [graph()] });
});
