import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HouseholdRole, type DocumentKindCode } from '@casaoferta/domain/codes';
import { Permission } from '@casaoferta/domain/permissions';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  documentDownload,
  documentKindField,
  documentsShare,
  documentsShareInput,
  tenantDocument,
  candidateDocuments,
} from '@casaoferta/domain/schemas/tenant';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { access, type MatrixActor, type MatrixCell } from '../../platform/access';
import { requireAgent, requireUser } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { readDocumentsShare, setDocumentsShare } from './consent';
import { displayFileName, inspectDocument, MAX_DOCUMENT_BYTES } from './inspect';
import {
  addDocument,
  deleteDocument,
  downloaderFor,
  listDownloads,
  listSharedDocuments,
  openAgentDownload,
  openOwnDownload,
  openOwnerDownload,
  requirePerson,
  type OpenedDownload,
  type PersonRef,
} from './store';
import { openVault } from './vault';
import type { ObjectStore } from '../../platform/storage/index';

const tags = ['documents'];
const security = [{ bearer: [] }];
/** Uploads a user may send in an hour (the cap of 40 once over, with room for mistakes). */
export const DOCUMENT_UPLOADS_PER_HOUR = 60;

/**
 * The access matrix's world has no documents and no household people (test/world.ts): A's own calls on
 * such a row answer 404 there. Ownership with real rows is proven in documents/*.test.ts.
 */
const matrixWithoutRows: Partial<Record<MatrixActor, MatrixCell>> = { ownerA: 404, agentAsA: 404 };
/** The matrix's offers carry no consent: their owner gets 403 DOCUMENTS_NOT_SHARED there. */
const matrixWithoutConsent: Partial<Record<MatrixActor, MatrixCell>> = { ownerA: 403, agentAsA: 403 };

/** The people a tenant's routes name: `/guarantor/{id}` and `/cotitular/{id}`. */
const personRoutes = [
  { segment: 'guarantor', role: HouseholdRole.Guarantor, label: 'one of my guarantors' },
  { segment: 'cotitular', role: HouseholdRole.CoHolder, label: 'one of my co-holders' },
] as const;

const uploadErrors =
  '400 `INVALID_INPUT` (no `file`, or `kindCode` not a document kind), `DOCUMENT_EMPTY`; 413 ' +
  '`DOCUMENT_TOO_LARGE` (over 10 MB, refused while it arrives); 415 `DOCUMENT_INVALID` (not a PDF, ' +
  'JPEG, PNG or WebP by its content, whatever its name or declared type, or a PDF that does not parse); ' +
  '422 `DOCUMENT_UNSAFE` (a PDF with JavaScript, also in compressed object streams, or actions that ' +
  'launch programs), `DOCUMENT_PROTECTED` (an encrypted or password-protected PDF), ' +
  '`TOO_MANY_DOCUMENTS` (40 per tenant, people included, counted under the tenant’s lock); 429 ' +
  `\`RATE_LIMITED\` past ${DOCUMENT_UPLOADS_PER_HOUR} uploads an hour. Nothing is stored on any refusal.`;

const downloadDescription =
  'Streams the file (decrypted on the fly after its authentication tag and checksum were verified) as ' +
  '`Content-Disposition: attachment` with the original name (RFC 5987 `filename*`), its stored type, ' +
  '`X-Content-Type-Options: nosniff`, `Cache-Control: no-store` and `Content-Security-Policy: sandbox`. ' +
  'Each download writes a row of the tenant’s download log before a byte is sent. A stored file that ' +
  'fails verification (tampered, cut, or of another key) is a server fault: 500 `INTERNAL_ERROR`, ' +
  'logged, with no log row and nothing of the file sent.';

const uuidParams = z.object({ id: z.uuid() });
const documentQuery = z.object({ documentId: z.uuid() });
const offerParams = z.object({ id: z.uuid(), offerId: z.uuid() });

/** `attachment` with an ASCII fallback name and the exact one in RFC 5987 form (`filename*`). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sends a verified document: never inline, never cached, never sniffed, sandboxed if opened anyway. */
function sendDocument(reply: FastifyReply, opened: OpenedDownload): FastifyReply {
  const { row, file } = opened;
  return reply
    .header('Content-Type', row.contentType)
    .header('Content-Length', String(row.size))
    .header('Content-Disposition', attachmentDisposition(row.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', 'sandbox')
    .send(file.stream());
}

interface Upload {
  kindCode: DocumentKindCode;
  fileName: string | undefined;
  bytes: Buffer;
}

/**
 * Reads the multipart body: a `kindCode` field and one `file` of at most 10 MB (the parser stops a
 * larger one as soon as it passes the limit: at most 10 MB are ever held).
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE');
  let kindCode: unknown;
  let fileName: string | undefined;
  let bytes: Buffer | undefined;
  for await (const part of request.parts({
    limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, parts: 6 },
  })) {
    if (part.type === 'field') {
      if (part.fieldname === 'kindCode') kindCode = part.value;
      continue;
    }
    if (part.fieldname !== 'file') {
      await part.toBuffer().catch(() => undefined);
      continue;
    }
    fileName = part.filename;
    bytes = await part.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new DomainError('DOCUMENT_TOO_LARGE', 'file');
      }
      throw error;
    });
  }
  if (!bytes) throw new DomainError('INVALID_INPUT', 'file');
  const kind = documentKindField.safeParse(kindCode);
  if (!kind.success) throw new DomainError('INVALID_INPUT', 'kindCode');
  return { kindCode: kind.data, fileName, bytes };
}

/**
 * Tenants' documents (issue 11, decision 016): upload, delete and download their own and their people's,
 * read who downloaded them, share them with the owner of an announcement they made an offer on; the
 * owner's and the agents' downloads. Files are encrypted in this process before they reach the object store.
 */
export function documentRoutes(db: Db, config: Pick<Config, 'documentsKey' | 'dataDir'>, store: ObjectStore) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const vault = await openVault(config, store);

    const upload = async (request: FastifyRequest, reply: FastifyReply, person: PersonRef | null) => {
      const tenantId = requireUser(request).user.id;
      // Another tenant's person is a 404 before the body is read.
      await requirePerson(db, tenantId, person);
      const { kindCode, fileName, bytes } = await readUpload(request);
      const inspected = await inspectDocument(bytes);
      const document = await addDocument(db, vault, tenantId, person, {
        kindCode,
        fileName: displayFileName(fileName, inspected.type),
        bytes,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        inspected,
      });
      return reply.status(201).send({ data: document });
    };
    const uploadConfig = {
      rateLimit: {
        max: DOCUMENT_UPLOADS_PER_HOUR,
        timeWindow: 3600_000,
        keyGenerator: (request: FastifyRequest) => request.auth?.user.id ?? request.ip,
      },
    };

    app.post(
      '/api/document',
      {
        config: { access: access.user, ...uploadConfig },
        schema: {
          tags,
          summary: 'Upload one of my documents (multipart: `kindCode`, then `file`)',
          description: `Stored encrypted; the name is kept for display only. ${uploadErrors}`,
          security,
          consumes: ['multipart/form-data'],
          response: { 201: envelope(tenantDocument) },
        },
      },
      async (request, reply) => upload(request, reply, null),
    );

    for (const { segment, role, label } of personRoutes) {
      app.post(
        `/api/document/${segment}/:id`,
        {
          config: { access: access.owner, ...uploadConfig },
          schema: {
            tags,
            summary: `Upload a document of ${label} (multipart: \`kindCode\`, then \`file\`)`,
            description: `404 when the person is not mine or not of that role. ${uploadErrors}`,
            security,
            consumes: ['multipart/form-data'],
            params: uuidParams,
            response: { 201: envelope(tenantDocument) },
          },
        },
        async (request, reply) => upload(request, reply, { role, id: request.params.id }),
      );
    }

    app.delete(
      '/api/document/:id',
      {
        config: { access: access.owner, matrix: matrixWithoutRows },
        schema: {
          tags,
          summary: 'Delete one of my own documents (the row, then the file)',
          description: '204. 404 when it is not mine, or is one of my people’s (deleted through their path).',
          security,
          params: uuidParams,
          response: { 204: z.null().describe('No content') },
        },
      },
      async (request, reply) => {
        await deleteDocument(db, vault, requireUser(request).user.id, null, request.params.id);
        return reply.status(204).send(null);
      },
    );

    for (const { segment, role, label } of personRoutes) {
      const param = segment === 'guarantor' ? 'gid' : 'cid';
      app.delete(
        `/api/document/:id/${segment}/:${param}`,
        {
          config: { access: access.owner, matrix: matrixWithoutRows },
          schema: {
            tags,
            summary: `Delete a document of ${label}`,
            description:
              '204. 404 unless the document is of that person and the person is mine, of that role.',
            security,
            params: z.object({ id: z.uuid(), [param]: z.uuid() }),
            response: { 204: z.null().describe('No content') },
          },
        },
        async (request, reply) => {
          // The schema has made both uuids; the computed key leaves them optional to the type checker.
          const { id: documentId, [param]: personId } = request.params;
          if (!documentId || !personId) throw new DomainError('NOT_FOUND');
          await deleteDocument(db, vault, requireUser(request).user.id, { role, id: personId }, documentId);
          return reply.status(204).send(null);
        },
      );
    }

    app.get(
      '/api/document/download',
      {
        // A HEAD would write a download row without sending the file.
        exposeHeadRoute: false,
        config: { access: access.owner, matrix: matrixWithoutRows },
        schema: {
          tags,
          summary: 'Download one of my own documents',
          description: `404 when it is not mine. Logged as mine ('tenant'), or as the agent’s when an agent acts as me. ${downloadDescription}`,
          security,
          querystring: documentQuery,
        },
      },
      async (request, reply) => {
        const auth = requireUser(request);
        const opened = await openOwnDownload(
          db,
          vault,
          auth.user.id,
          null,
          request.query.documentId,
          downloaderFor(auth, 'tenant'),
        );
        return sendDocument(reply, opened);
      },
    );

    for (const { segment, role, label } of personRoutes) {
      app.get(
        `/api/document/download/${segment}/:id`,
        {
          // A HEAD would write a download row without sending the file.
          exposeHeadRoute: false,
          config: { access: access.owner, matrix: matrixWithoutRows },
          schema: {
            tags,
            summary: `Download a document of ${label}`,
            description: `404 unless the document is of that person and the person is mine. ${downloadDescription}`,
            security,
            params: uuidParams,
            querystring: documentQuery,
          },
        },
        async (request, reply) => {
          const auth = requireUser(request);
          const opened = await openOwnDownload(
            db,
            vault,
            auth.user.id,
            { role, id: request.params.id },
            request.query.documentId,
            downloaderFor(auth, 'tenant'),
          );
          return sendDocument(reply, opened);
        },
      );
    }

    app.get(
      '/api/document/downloads',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'Who downloaded my documents (and my people’s), newest first, the last 100',
          description:
            "`byLabel` says who in Spanish: 'Tú', 'Equipo de Casaoferta' (an agent, also acting as me), " +
            "'Propietario de «<announcement title>»'. `documentId` is null once the file was deleted.",
          security,
          response: { 200: envelope(z.array(documentDownload)) },
        },
      },
      async (request) => ({ data: await listDownloads(db, requireUser(request).user.id) }),
    );

    const sharePath = '/api/announcement/:id/offer/:offerId/documents-share';
    app.get(
      sharePath,
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Whether I share my documents with the owner of the announcement of my offer',
          description: '404 for anyone but the candidate of that offer.',
          security,
          params: offerParams,
          response: { 200: envelope(documentsShare) },
        },
      },
      async (request) => {
        const { id, offerId } = request.params;
        return { data: await readDocumentsShare(db, requireUser(request).user.id, id, offerId) };
      },
    );

    app.put(
      sharePath,
      {
        // Consent to show one's documents is the person's own: an agent acting as them cannot give it.
        config: { access: access.ownerOnly },
        schema: {
          tags,
          summary: 'Share my documents with that owner (`shared: true`) or stop sharing them',
          description:
            'Only the candidate of that offer, on their own session (404 for anyone else; 403 for an ' +
            'agent acting as them). Granting needs a current offer (sent ' +
            'or selected): 409 `OFFER_NOT_ACTIVE` otherwise; it keeps the first `sharedAt`. Revoking ' +
            'always works and stops the owner’s access at once.',
          security,
          params: offerParams,
          body: documentsShareInput,
          response: { 200: envelope(documentsShare) },
        },
      },
      async (request) => {
        const { id, offerId } = request.params;
        const userId = requireUser(request).user.id;
        return { data: await setDocumentsShare(db, userId, id, offerId, request.body.shared) };
      },
    );

    app.get(
      '/api/announcement/:id/offer/:offerId/documents',
      {
        config: { access: access.owner, matrix: matrixWithoutConsent },
        schema: {
          tags,
          summary: 'The documents the candidate of this offer shares with me, by person',
          description:
            'The candidate first, then each co-holder and guarantor with documents (role and name). ' +
            '404 when the announcement is not mine or the offer not on it; 403 `DOCUMENTS_NOT_SHARED` ' +
            'while the candidate does not share them (consent is read in the same statement); 402 ' +
            '`ANNOUNCEMENT_NOT_PAID` while the announcement is not paid (decision 026).',
          security,
          params: offerParams,
          response: { 200: envelope(candidateDocuments) },
        },
      },
      async (request) => {
        const { id, offerId } = request.params;
        return { data: await listSharedDocuments(db, requireUser(request).user.id, id, offerId) };
      },
    );

    app.get(
      '/api/announcement/:id/offer/:offerId/documents/:documentId/download',
      {
        // A HEAD would write a download row without sending the file.
        exposeHeadRoute: false,
        config: { access: access.owner, matrix: matrixWithoutConsent },
        schema: {
          tags,
          summary: 'Download a document the candidate of this offer shares with me',
          description:
            '404 when the announcement is not mine, the offer not on it, or the document not the ' +
            'candidate’s; 403 `DOCUMENTS_NOT_SHARED` without the candidate’s consent and 402 ' +
            '`ANNOUNCEMENT_NOT_PAID` while the announcement is not paid (decision 026), both checked in the ' +
            "statement that reads the document. Logged as 'owner' with the offer (as 'agent' when an " +
            `agent acts as the owner). ${downloadDescription}`,
          security,
          params: offerParams.extend({ documentId: z.uuid() }),
        },
      },
      async (request, reply) => {
        const auth = requireUser(request);
        const { id, offerId, documentId } = request.params;
        const opened = await openOwnerDownload(
          db,
          vault,
          auth.user.id,
          id,
          offerId,
          documentId,
          downloaderFor(auth, 'owner', offerId),
        );
        return sendDocument(reply, opened);
      },
    );

    app.get(
      '/api/agents/users/:userId/documents/:documentId/download',
      {
        // A HEAD would write a download row without sending the file.
        exposeHeadRoute: false,
        config: { access: access.agent(Permission.DownloadDocuments), matrix: { agent: 404 } },
        schema: {
          tags,
          summary: 'Download a document of a user (agents with the documents permission)',
          description: `404 when the document is not that user’s. Logged as 'agent' with the agent’s id. ${downloadDescription}`,
          security,
          params: z.object({ userId: z.uuid(), documentId: z.uuid() }),
        },
      },
      async (request, reply) => {
        const agent = requireAgent(request, Permission.DownloadDocuments);
        const { userId, documentId } = request.params;
        return sendDocument(reply, await openAgentDownload(db, vault, userId, documentId, agent.user.id));
      },
    );
  };
}
