import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';

/** Extra markup for one answer: tags at the end of <head>, and data blocks at the end of <body>. */
export interface IndexExtras {
  head?: string;
  body?: string;
}

export interface Spa {
  sendIndex(reply: FastifyReply, extras?: IndexExtras): FastifyReply;
}

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed .br/.gz when present), and
 * index.html, with the runtime settings written into its meta tags, for every client route.
 * Returns null when the app is not built (development uses Vite's dev server instead).
 */
export async function registerSpa(app: FastifyInstance, config: Config): Promise<Spa | null> {
  const indexPath = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`web app not built (${indexPath} missing): serving only /api`);
    return null;
  }
  const appHost = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).host : '';
  const indexHtml = fs
    .readFileSync(indexPath, 'utf8')
    .replaceAll('%SUPPORT_WHATSAPP%', config.SUPPORT_WHATSAPP)
    .replaceAll('%APP_HOST%', appHost);

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  return {
    sendIndex: (reply, extras) =>
      reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(
          extras
            ? indexHtml
                .replace('</head>', `${extras.head ?? ''}</head>`)
                .replace('</body>', `${extras.body ?? ''}</body>`)
            : indexHtml,
        ),
  };
}
