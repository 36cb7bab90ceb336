// The floor of bench/startup.ts (issue 29 point 6): plain JavaScript (no TypeScript loader), a bare
// Fastify and PGlite with the product's extension, on the product's data dir (DATA_DIR/pgdata), one
// query, then /api/health answers. What any start of the product must do at least.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import path from 'node:path';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const client = await PGlite.create({ extensions: { pg_trgm }, dataDir: path.join(dataDir, 'pgdata') });
await client.query('select 1');
const app = Fastify();
app.get('/api/health', async () => ({ data: { status: 'ok' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await client.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
