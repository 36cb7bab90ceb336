// Sixteen 40-megapixel PNGs of ~126 KB each (a cheap upload, an expensive decode) stored at once, as
// sixteen parallel uploads would: wall clock, CPU time and the growth of the process's memory
// (docs/SECURITY.md, "image decoding"). The decode queue lets one run at a time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { storeImageVariants } from '../apps/api/src/platform/images';
import { localStore } from '../apps/api/src/platform/storage/local';

const uploads = 16;
const png = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#4477aa' } })
  .png({ compressionLevel: 9 })
  .toBuffer();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-bench-images-'));
const store = localStore(root);

const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 10);
const cpuBefore = process.cpuUsage();
const started = performance.now();
await Promise.all(Array.from({ length: uploads }, (_, i) => storeImageVariants(png, store, `bench/${i}`)));
const wall = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
clearInterval(sampler);
fs.rmSync(root, { recursive: true, force: true });

console.log(
  `${uploads} uploads of a ${Math.round(png.length / 1024)} KB, 40-megapixel PNG at once: ` +
    `${wall.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU, ` +
    `+${Math.round((rssPeak - rssBefore) / 1e6)} MB peak memory`,
);
