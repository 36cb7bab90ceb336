import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  assertKey,
  contentTypeOf,
  type ListedObject,
  type ObjectBody,
  type ObjectInfo,
  type ObjectStore,
  type StoredObject,
} from './store';

const TEMPORARY = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** fastify-static's validator: size and modification time (what the media route sent before). */
const etagOf = (stat: fs.Stats): string =>
  `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;

const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The local disk under `root` (DATA_DIR): a key is a path under it, so a data dir written before the
 * store existed (media/, documents/, contract-images/) keeps working. Files are written to a temporary
 * name, flushed and renamed into place (decision 030); folders are made 0700 and files 0600.
 */
export function localStore(root: string): ObjectStore {
  const base = path.resolve(root);
  fs.mkdirSync(base, { recursive: true });
  const fileOf = (key: string): string => {
    assertKey(key);
    return path.join(base, ...key.split('/'));
  };
  const info = (key: string, stat: fs.Stats): ObjectInfo => ({
    key,
    size: stat.size,
    contentType: contentTypeOf(key),
    etag: etagOf(stat),
    lastModified: stat.mtime,
  });
  const statOf = async (file: string): Promise<fs.Stats | null> => {
    const stat = await fsp.stat(file).catch((error: unknown) => {
      if (missing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw error;
    });
    return stat?.isFile() ? stat : null;
  };

  return {
    kind: 'local',
    location: base,
    async put(key: string, body: ObjectBody): Promise<void> {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomUUID()}.tmp`;
      // A delete may have removed the emptied folder meanwhile: it is made again, once.
      const handle = await fsp.open(temporary, 'wx', 0o600).catch(async (error: unknown) => {
        if (!missing(error)) throw error;
        await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        return fsp.open(temporary, 'wx', 0o600);
      });
      try {
        if (Buffer.isBuffer(body)) await handle.writeFile(body);
        else for await (const chunk of body.stream) await handle.write(chunk as Buffer);
        await handle.sync();
        await handle.close();
        await fsp.rename(temporary, file);
      } catch (error) {
        await handle.close().catch(() => undefined);
        await fsp.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const file = fileOf(key);
      // The file is opened first: one removed meanwhile is still read whole from the open handle.
      const handle = await fsp.open(file, 'r').catch((error: unknown) => {
        if (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      });
      if (!handle) return null;
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const object: StoredObject = {
        ...info(key, stat),
        body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}),
        range: range ?? null,
      };
      return object;
    },
    async head(key) {
      const stat = await statOf(fileOf(key));
      return stat ? info(key, stat) : null;
    },
    async delete(key) {
      const file = fileOf(key);
      await fsp.rm(file, { force: true });
      // A per-owner folder (`media/properties/<id>/`) goes with its last file; the top folders stay.
      if (key.split('/').length > 2) await fsp.rmdir(path.dirname(file)).catch(() => undefined);
    },
    async *list(prefix: string): AsyncIterable<ListedObject> {
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const dir = path.join(base, ...folder.split('/').filter(Boolean));
      let names: string[];
      try {
        names = await fsp.readdir(dir, { recursive: true });
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const name of names.sort()) {
        if (TEMPORARY.test(name)) continue;
        const key = `${folder}${name.split(path.sep).join('/')}`;
        if (!key.startsWith(prefix)) continue;
        const stat = await statOf(path.join(dir, name));
        if (stat) yield { key, size: stat.size, lastModified: stat.mtime };
      }
    },
    // The folder is made when the store is opened: one gone since (an unmounted volume) is not ready.
    async ready() {
      await fsp.access(base, fs.constants.W_OK);
    },
    close() {},
  };
}
