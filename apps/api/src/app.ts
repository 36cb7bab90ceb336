import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import compress from '@fastify/compress';
import { brotliOptions, COMPRESS_THRESHOLD, gzipOptions } from './platform/encoded-body';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import { lockTimeoutFor, type Database } from './db/client';
import { registerErrorHandling, sendError } from './platform/errors';
import { fastifyTrustProxy } from './platform/trust-proxy';
import { registerRateLimit } from './platform/rate-limit-store';
import { registerSpa } from './platform/spa';
import { registerPrivateNoStore } from './platform/cache-control';
import { hotWriteLimits, registerHotWrites } from './platform/hot-writes';
import { startStorageSweep } from './platform/storage/sweep';
import { openStore, type ObjectStore } from './platform/storage/index';
import { healthRoutes } from './modules/health/routes';
import { mastersRoutes } from './modules/masters/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { authenticationRoutes } from './modules/authentication/routes';
import { agentRoutes } from './modules/agents/routes';
import { userRoutes } from './modules/user/routes';
import { devRoutes } from './modules/dev/routes';
import { registerAuth } from './platform/auth';
import { registerAgentAudit } from './platform/audit';
import { requireAccessDeclarations } from './platform/access';
import { registerTextGuard } from './platform/text-guard';
import { registerMedia } from './platform/media';
import { createCatalogueSearch, listingRoutes } from './modules/listings/routes';
import { getPropertyPage } from './modules/listings/get-property-page';
import { propertyHead } from './modules/listings/property-head';
import type { LandingPage } from '@casaoferta/domain/server-render';
import { CATALOGUE_PAGE_SIZE } from '@casaoferta/domain/catalogue';
import { clientPageStatus } from '@casaoferta/domain/client-routes';
import { propertyRoutes } from './modules/properties/routes';
import { candidateOfferRoutes } from './modules/offers/candidate-routes';
import { ownerOfferRoutes } from './modules/offers/owner-routes';
import { solvencyRoutes } from './modules/offers/solvency-routes';
import { liveOfferRoutes, startOfferFanout } from './modules/offers/live-routes';
import { favouriteRoutes } from './modules/favourites/routes';
import { messageRoutes } from './modules/messages/routes';
import { agentMessageRoutes } from './modules/messages/agent-routes';
import { conversationStreams, startMessageFanout } from './modules/messages/live';
import { announcementRoutes } from './modules/announcements/routes';
import { validationRoutes } from './modules/validation/routes';
import { queueRoutes } from './modules/back-office/queue-routes';
import { agentToolRoutes } from './modules/back-office/tools-routes';
import { startDeliveryWorker } from './modules/delivery/worker';
import { paymentAttachments } from './modules/payments/invoice-pdf';
import { documentRoutes } from './modules/documents/routes';
import { downloadRoutes } from './modules/back-office/downloads-routes';
import { tenantRoutes } from './modules/tenant/routes';
import { contractRoutes } from './modules/contracts/routes';
import { secretKeysOf } from './modules/documents/vault';
import multipart from '@fastify/multipart';
import { paymentRoutes } from './modules/payments/routes';
import { createPaymentProvider, type PaymentProvider } from './platform/payments/index';
import { paymentCspSources } from './platform/payments/csp';
import { registerRequestContext, requestIdOf } from './platform/request-context';
import { createLifecycle, registerDrainGate, type Lifecycle } from './platform/lifecycle';
import { createMetrics, type AppMetrics } from './platform/metrics';
import { clusterStreamSlots } from './platform/live-slots';
import { onDeliveryRecorded } from './modules/delivery/recorded';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The card payment provider; by default the one PAYMENT_PROVIDER names (tests inject a sandbox). */
  paymentProvider?: PaymentProvider;
  /** Whether the process is draining (server.ts sets it on SIGTERM; decision 034). */
  lifecycle?: Lifecycle;
  /** Tests: where the JSON log lines go (default: stdout). */
  logStream?: { write(line: string): void };
  /** Where files live; by default the store the configuration names (decision 035). */
  store?: ObjectStore;
}

/** Builds the Fastify instance: platform plugins first, then each module's routes, registered explicitly. */
/** /property/{uuid}: the public page of a property. */
const PROPERTY_PAGE = /^\/property\/([^/]+)\/?$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function buildApp({
  config,
  database,
  paymentProvider,
  lifecycle = createLifecycle(),
  logStream,
  store: givenStore,
}: AppDeps): Promise<FastifyInstance> {
  const store = givenStore ?? (await openStore(config.storage));
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(logStream ? { stream: logStream } : {}),
            ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
          },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A sane incoming X-Request-Id, else a new one (platform/request-context.ts, decision 034).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A draining process answers its own 503 SERVER_CLOSING (platform/lifecycle.ts).
    return503OnClosing: false,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON (and multipart where a route registers it) only: anything else is 415, not a string body.
  app.removeContentTypeParser('text/plain');
  // First: every later hook, the handler and what it enqueues run in the request's context.
  registerRequestContext(app);
  registerDrainGate(app, lifecycle);
  // Prometheus metrics, only where METRICS_TOKEN lets them be read (decision 034).
  let liveStreamsOpen = () => 0;
  const metrics: AppMetrics | null = config.METRICS_TOKEN
    ? createMetrics(app, { database, liveStreams: () => liveStreamsOpen() })
    : null;
  registerErrorHandling(app);
  requireAccessDeclarations(app);
  registerAuth(app, database.db);
  registerAgentAudit(app, database.db);
  registerTextGuard(app);
  registerPrivateNoStore(app);
  // Hot writes (making offers) take turns, so waits on one locked row leave connections to the rest.
  registerHotWrites(
    app,
    hotWriteLimits(config.DATABASE_POOL_SIZE, lockTimeoutFor(config.DATABASE_STATEMENT_TIMEOUT_MS)),
  );

  const cardProvider = paymentProvider ?? (await createPaymentProvider(config));
  // The card form's provider (Stripe.js with stripe) widens the policy; the sandbox keeps it strict.
  const paymentSources = paymentCspSources(cardProvider.name, cardProvider.formOrigin);
  // Security headers from helmet, its middleware built once (@fastify/helmet built it again on every
  // request: ~5 % of a cached search's CPU, docs/PERFORMANCE.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...paymentSources.scriptSrc],
        styleSrc: ["'self'"],
        // Style attributes only (no <style> elements): the server-rendered pages carry the few the
        // components set (a photo's placeholder colour). No script can run from them.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...paymentSources.connectSrc],
        ...(paymentSources.frameSrc.length > 0 ? { frameSrc: ["'self'", ...paymentSources.frameSrc] } : {}),
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...paymentSources.formAction],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.NODE_ENV === 'production',
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    ),
  );
  // Answers made per request: brotli at quality 4, gzip at level 6 (platform/encoded-body.ts: the
  // default quality 11 costs tens of ms per answer). Cached answers keep their compressed bytes instead.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions,
    zlibOptions: gzipOptions,
  });
  // A route opts in with `config: { rateLimit: { max, timeWindow } }`; PostgreSQL keeps the budgets
  // when several processes may serve the database, memory in the embedded mode.
  await registerRateLimit(app, database);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Casaoferta API',
        version: '0.1.0',
        description:
          'Success: `{ "data": ... }`. Error: `{ "errors": [{ "code", "message", "field"? }] }`; `code` is a key of master data `exceptionAttributes`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    healthRoutes(database, {
      lifecycle,
      // The object store (photos, documents): DATA_DIR there and writable, or the bucket reachable.
      checks: [{ name: 'files', run: () => store.ready() }],
      metrics: metrics && config.METRICS_TOKEN ? { registry: metrics, token: config.METRICS_TOKEN } : null,
    }),
  );
  await app.register(mastersRoutes(database.db));
  await app.register(analyticsRoutes(database.db));
  await app.register(authenticationRoutes(database.db, config));
  await app.register(agentRoutes(database.db, config));
  await app.register(userRoutes(database.db, config.publicOrigin));
  await app.register(multipart, { limits: { fileSize: 15 * 1024 * 1024, files: 1, fields: 4, parts: 6 } });
  const catalogueSearch = createCatalogueSearch(database.db, config.SEARCH_CACHE_SECONDS);
  await app.register(listingRoutes(database.db, catalogueSearch));
  await app.register(propertyRoutes(database.db, store));
  await app.register(announcementRoutes(database.db, config.publicOrigin));
  await app.register(favouriteRoutes(database.db));
  await app.register(candidateOfferRoutes(database.db));
  await app.register(ownerOfferRoutes(database.db, config.publicOrigin));
  await app.register(solvencyRoutes(database.db));
  await app.register(
    paymentRoutes({
      db: database.db,
      provider: cardProvider,
      prices: {
        sale: config.PAYMENT_PRICE_SALE_EUR,
        rental: config.PAYMENT_PRICE_RENTAL_EUR,
        room: config.PAYMENT_PRICE_ROOM_EUR,
      },
      publicUrl: config.publicOrigin,
      seller: config.invoiceSeller,
    }),
  );
  await app.register(tenantRoutes(database.db, store));
  // Live updates: this process's LISTEN on offer_events, closed with the app (decision 015).
  const offerFanout = await startOfferFanout(database, app.log);
  app.addHook('onClose', () => offerFanout.close());
  // The caps count every process's streams on PostgreSQL (platform/live-slots.ts, decision 034).
  const streamSlots = clusterStreamSlots(
    database,
    {
      perAddress: config.LIVE_STREAMS_PER_ADDRESS,
      perUser: config.LIVE_STREAMS_PER_USER,
      total: config.LIVE_STREAMS_TOTAL,
    },
    { log: app.log },
  );
  liveStreamsOpen = () => streamSlots.size;
  app.addHook('onClose', () => streamSlots.close());
  await app.register(
    liveOfferRoutes(database.db, offerFanout, {
      maxPerAddress: config.LIVE_STREAMS_PER_ADDRESS,
      maxPerUser: config.LIVE_STREAMS_PER_USER,
      maxTotal: config.LIVE_STREAMS_TOTAL,
      slots: streamSlots,
    }),
  );
  // Conversations per offer (decision 038): their own LISTEN, the same stream caps.
  const messageFanout = await startMessageFanout(database, app.log);
  app.addHook('onClose', () => messageFanout.close());
  await app.register(
    messageRoutes(database.db, conversationStreams(database.db, messageFanout, streamSlots)),
  );
  await app.register(agentMessageRoutes(database.db));
  await app.register(validationRoutes(database.db, store, config.publicOrigin));
  await app.register(queueRoutes(database.db));
  await app.register(agentToolRoutes(database.db, config.publicOrigin));
  await app.register(documentRoutes(database.db, config, store));
  await app.register(downloadRoutes(database.db, config, store));
  await app.register(contractRoutes(database.db, config, store));
  await registerMedia(app, store);
  // What an upload killed mid-write left behind (decisions 030 and 035): the local store's temporary
  // files and, in any store, objects no row names; swept now and every hour.
  const temporarySweep = startStorageSweep(database.db, store, app.log);
  if (!givenStore) app.addHook('onClose', async () => store.close());
  app.addHook('onClose', async () => temporarySweep.stop());
  // Only where nobody else can reach them (config.ts, developmentTools).
  if (config.devToolsToken) {
    // Its one-time codes are opened with the keys they were sealed with (issue 22).
    await app.register(devRoutes(database.db, config.devToolsToken, await secretKeysOf(config)));
  }
  // Each recorded delivery: a log line with the request id that queued it (the job's, or this process's
  // memory of it), and the metrics' count (decision 034).
  const stopObserving = onDeliveryRecorded((recorded) => {
    app.log.info(
      {
        reqId: recorded.requestId,
        outboxId: recorded.messageId,
        channel: recorded.channel,
        status: recorded.status,
        provider: recorded.provider,
        attempt: recorded.attempt,
        ...(recorded.error ? { error: recorded.error } : {}),
      },
      'message delivery recorded',
    );
    metrics?.delivery(recorded.channel, recorded.status === 'queued' ? 'retry' : recorded.status);
  });
  app.addHook('onClose', async () => {
    stopObserving();
  });
  // Messages leave through the configured providers (decision 017); stopped, in-flight sends done, on close.
  // An invoice's e-mail carries its PDF, drawn when sent by the payments module (decision 033).
  const delivery = await startDeliveryWorker({
    config,
    database,
    log: app.log,
    resolveAttachment: paymentAttachments(database.db),
  });
  if (delivery) app.addHook('onClose', () => delivery.stop());

  const spa = await registerSpa(app, config);
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || !spa || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, isApi ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND');
    }
    const page = await landingPage(request.url);
    // Unknown paths, /404 and a property nobody may see: HTTP 404, with the app (it shows its own page).
    if (page === 'missing') return spa.sendIndex(reply.code(404));
    if (!page) return spa.sendIndex(reply.code(clientPageStatus(request.url.split('?')[0] ?? '')));
    const head = page.kind === 'property' ? propertyHead(page.property, config.PUBLIC_URL) : null;
    return spa.sendPage(reply, page, head);
  });

  /**
   * The pages visitors land on from outside are rendered on the server with their data (the catalogue
   * without filters, also at "/" where visitors see it, issue 23; a public property page), so they paint
   * before the app's JavaScript runs.
   */
  async function landingPage(url: string): Promise<LandingPage | 'missing' | null> {
    const [pathname = '', query = ''] = url.split('?');
    const catalogue = pathname === '/properties' || pathname === '/';
    if (catalogue && [...new URLSearchParams(query).keys()].every((k) => k === 'section')) {
      const found = await catalogueSearch({ sort: 'newest', limit: CATALOGUE_PAGE_SIZE }).catch(() => null);
      return found && { kind: 'catalogue', url, key: '', page: found.page };
    }
    const id = PROPERTY_PAGE.exec(pathname)?.[1];
    if (!id) return null;
    if (!UUID.test(id)) return 'missing';
    // null: no such property, or not public; a failed query leaves the page to the app.
    const property = await getPropertyPage(database.db, id, null).catch(() => undefined);
    if (property === null) return 'missing';
    return property ? { kind: 'property', url, id, property } : null;
  }

  return app;
}
