import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  contractDraftInput,
  contractImage,
  contractImages,
  contractList,
  contractSignCode,
  contractSignInput,
  contractView,
  ownerContractData,
  ownerContractInput,
  tenantContractData,
  tenantContractInput,
  type ContractPartyRole,
} from '@casaoferta/domain/schemas/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { access } from '../../platform/access';
import { requireUser } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { attachmentDisposition } from '../documents/routes';
import { secretKeysOf } from '../documents/vault';
import { cancelContract, ownerData, saveOwnerData, saveTenantData, sendData, tenantData } from './actions';
import { draftContract } from './draft';
import {
  addContractImage,
  CONTRACT_UPLOADS_PER_HOUR,
  deleteContractImage,
  listContractImages,
  MAX_CONTRACT_IMAGE_BYTES,
  readContractImage,
} from './images';
import { contractPdf, type ContractPdf } from './pdf';
import { contractPdfFile, requestSignCode, sendToSign, signContract, signCodeRules } from './signing';
import { contractView as viewOf, findPartyContract, listContracts } from './store';
import { contractFileName } from './texts';
import type { ObjectStore } from '../../platform/storage/index';

const tags = ['contracts'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const imageParams = z.object({ id: z.uuid(), imageId: z.uuid() });
const notYours =
  '404 when the caller is not one of the contract’s two parties; 402 `ANNOUNCEMENT_NOT_PAID` to its ' +
  'owner while the announcement is not paid (decision 026).';
const order =
  'Order (decision 022): CST000 draft → owner-send CST001 → tenant-send CST002 → send-sign CST003 → both ' +
  'sign CST004; CST005 cancelled from any state before signed.';

export interface ContractRouteOptions {
  /** The document module (rendering and sealing); the configured one unless a test gives its own. */
  pdf?: ContractPdf;
  /** The signing code's generator (tests). */
  generateCode?: () => string;
}

/**
 * Contracts from a selected offer (issue 13, SPEC 7.7, decision 022): the draft, both parties' data,
 * inventory photos, sending, cancelling, signing with a typed name and an SMS code, and the PDF.
 */
export function contractRoutes(
  db: Db,
  config: Config,
  store: ObjectStore,
  options: ContractRouteOptions = {},
) {
  const pdf = options.pdf ?? contractPdf(config);
  const origin = config.publicOrigin;
  const devLog = (request: FastifyRequest) => (config.NODE_ENV === 'development' ? request.log : null);

  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    // The signing codes: hashed and sealed under keys outside the database (issue 22).
    const keys = await secretKeysOf(config);

    app.post(
      '/api/contract/draft',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'Draft the contract of my announcement’s selected offer',
          description:
            'The owner of an announcement with a selected candidate (AST004, offer OSC002) gets its contract: ' +
            'the parties, the property, the agreed amount and the announcement’s conditions prefilled. 201 ' +
            'when created; 200 with the contract that exists when one is alive already (idempotent, also ' +
            'under concurrent calls: a unique index). 404 when the announcement is not mine; 402 ' +
            '`ANNOUNCEMENT_NOT_PAID` until the announcement is paid (the paid unlock, decision 026: the ' +
            'insert is guarded by it); 409 `CONTRACT_NOT_DECIDED` when no candidate is selected.',
          security,
          body: contractDraftInput,
          response: { 200: envelope(contractView), 201: envelope(contractView) },
        },
      },
      async (request, reply) => {
        const { view, created } = await draftContract(
          db,
          requireUser(request).user.id,
          request.body.announcementId,
        );
        return reply.status(created ? 201 : 200).send({ data: view });
      },
    );

    app.get(
      '/api/contracts',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'My contracts, as owner or as tenant',
          description:
            'Newest activity first, with the status, my role, who must act next and the other party.',
          security,
          response: { 200: envelope(contractList) },
        },
      },
      async (request) => ({ data: { items: await listContracts(db, requireUser(request).user.id) } }),
    );

    app.get(
      '/api/contract/:id/contractor',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'A contract as I see it: where it stands and who must act',
          description: `${order} ${notYours}`,
          security,
          params: idParams,
          response: { 200: envelope(contractView) },
        },
      },
      async (request) => {
        const userId = requireUser(request).user.id;
        const { contract } = await findPartyContract(db, request.params.id, userId);
        return { data: await viewOf(db, contract, userId) };
      },
    );

    app.get(
      '/api/contract/:id/owner',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'The owner’s data and terms of a contract',
          description:
            'What the owner saved (`saved: true`), or a prefill from their account and the announcement’s ' +
            `conditions. Either party may read it. ${notYours}`,
          security,
          params: idParams,
          response: { 200: envelope(ownerContractData) },
        },
      },
      async (request) => ({ data: await ownerData(db, requireUser(request).user.id, request.params.id) }),
    );

    app.get(
      '/api/contract/:id/tenant',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'The tenant’s (or buyer’s) data of a contract',
          description: `What the tenant saved, or a prefill from their account and tenant profile. Either party may read it. ${notYours}`,
          security,
          params: idParams,
          response: { 200: envelope(tenantContractData) },
        },
      },
      async (request) => ({ data: await tenantData(db, requireUser(request).user.id, request.params.id) }),
    );

    app.put(
      '/api/contract/:id/owner',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Save the owner’s data and terms',
          description:
            'The owner only (403 `CONTRACT_NOT_YOUR_PART` for the tenant), until they send it (409 ' +
            '`CONTRACT_DATA_SENT` after, `CONTRACT_SIGNED` once signed). `rental` for a rental, `sale` for a ' +
            'sale (400 `CONTRACT_TERMS_REQUIRED` without it). 400 `INVALID_PHONE`; 422 `NIF_INVALID`, ' +
            '`IBAN_INVALID`, `IBAN_REQUIRED` (transfer or direct debit), `UNKNOWN_OPTION`, ' +
            `\`ARRAS_OVER_PRICE\`, \`DEED_DEADLINE_PAST\`. ${notYours}`,
          security,
          params: idParams,
          body: ownerContractInput,
          response: { 200: envelope(ownerContractData) },
        },
      },
      async (request) => ({
        data: await saveOwnerData(db, requireUser(request).user.id, request.params.id, request.body),
      }),
    );

    app.put(
      '/api/contract/:id/tenant',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Save the tenant’s (or buyer’s) data',
          description:
            'The tenant only (403 `CONTRACT_NOT_YOUR_PART` for the owner), until they send it (409). 422 ' +
            `\`NIF_INVALID\`; 400 \`INVALID_PHONE\`. ${notYours}`,
          security,
          params: idParams,
          body: tenantContractInput,
          response: { 200: envelope(tenantContractData) },
        },
      },
      async (request) => ({
        data: await saveTenantData(db, requireUser(request).user.id, request.params.id, request.body),
      }),
    );

    for (const [path, step, who] of [
      ['/api/contract/:id/owner-send', 'owner-send', 'owner'],
      ['/api/contract/:id/tenant-send', 'tenant-send', 'tenant'],
    ] as const) {
      app.put(
        path,
        {
          config: { access: access.owner },
          schema: {
            tags,
            summary:
              who === 'owner'
                ? 'Send the owner’s data (CST000 → CST001)'
                : 'Send the tenant’s data (CST001 → CST002)',
            description:
              `The ${who} only (403 otherwise). Their data is frozen from then on; the other party is told. ` +
              `409 \`CONTRACT_DATA_MISSING\` before saving it, \`CONTRACT_INVALID_STATE\` out of order. ${notYours}`,
            security,
            params: idParams,
            response: { 200: envelope(contractView) },
          },
        },
        async (request) => ({
          data: await sendData(db, requireUser(request).user.id, request.params.id, step, origin),
        }),
      );
    }

    for (const [path, who] of [
      ['/api/contract/:id/owner-cancel', 'owner'],
      ['/api/contract/:id/tenant-cancel', 'tenant'],
    ] as const) {
      app.put(
        path,
        {
          config: { access: access.owner },
          schema: {
            tags,
            summary: `Cancel the contract as the ${who} (CST005)`,
            description:
              `The ${who} only, from any state before signed; the other party is told. 409 ` +
              `\`CONTRACT_SIGNED\` once signed, \`CONTRACT_INVALID_STATE\` when already cancelled. ${notYours}`,
            security,
            params: idParams,
            response: { 200: envelope(contractView) },
          },
        },
        async (request) => ({
          data: await cancelContract(db, requireUser(request).user.id, request.params.id, who, origin),
        }),
      );
    }

    app.post(
      '/api/contract/:id/send-sign',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Send the contract to sign (CST002 → CST003): the PDF is rendered',
          description:
            'The owner only, once both parties sent their data. The PDF (LAU rental or private purchase ' +
            'agreement with arras) is rendered and stored with its SHA-256; both parties are told to sign. ' +
            `409 out of order (one winner of concurrent calls). ${notYours}`,
          security,
          params: idParams,
          response: { 200: envelope(contractView) },
        },
      },
      async (request) => ({
        data: await sendToSign(db, pdf, store, requireUser(request).user.id, request.params.id, origin),
      }),
    );

    for (const party of ['owner', 'tenant'] as const satisfies readonly ContractPartyRole[]) {
      app.post(
        `/api/contract/:id/${party}/sign-code`,
        {
          config: {
            access: access.ownerOnly,
            rateLimit: {
              max: 10,
              timeWindow: 3600_000,
              keyGenerator: (request) => request.auth?.user.id ?? request.ip,
            },
          },
          schema: {
            tags,
            summary: `Send me (the ${party}) a code by SMS to sign`,
            description:
              `A ${signCodeRules.digits}-digit code to my account’s phone, valid ${signCodeRules.ttlSeconds / 60} ` +
              `minutes and ${signCodeRules.maxAttempts} attempts; a new one voids the older. The person ` +
              'themselves only (an agent acting as them: 403). 409 unless sent to sign and not signed by me; ' +
              `429 \`CONTRACT_SIGN_CODE_TOO_MANY_SENDS\` past ${signCodeRules.sendsPerHour} an hour. ${notYours}`,
            security,
            params: idParams,
            response: { 200: envelope(contractSignCode) },
          },
        },
        async (request) => ({
          data: await requestSignCode(
            db,
            keys,
            requireUser(request).user.id,
            request.params.id,
            party,
            devLog(request),
            options.generateCode,
          ),
        }),
      );

      app.post(
        `/api/contract/:id/${party}/sign`,
        {
          config: { access: access.ownerOnly },
          schema: {
            tags,
            summary: `Sign the contract as the ${party}: typed full name and the SMS code`,
            description:
              'The person themselves only (an agent acting as them: 403). 422 `CONTRACT_NAME_MISMATCH` when ' +
              'the name is not the party’s on the contract (case and accents aside), ' +
              '`CONTRACT_SIGN_CODE_INVALID`, `CONTRACT_SIGN_CODE_EXPIRED`, `CONTRACT_SIGN_CODE_TOO_MANY_ATTEMPTS`; ' +
              '409 out of order or signed already. Each try counts an attempt; the code is spent in the ' +
              'signature’s transaction, so a failure after it matched leaves it usable. The first signature ' +
              'tells the other party it is their turn; the second seals the PDF (PAdES, the platform’s ' +
              `certificate), marks it CST004 and the announcement AST008. ${notYours}`,
            security,
            params: idParams,
            body: contractSignInput,
            response: { 200: envelope(contractView) },
          },
        },
        async (request) => ({
          data: await signContract(db, pdf, {
            userId: requireUser(request).user.id,
            contractId: request.params.id,
            party,
            fullName: request.body.fullName,
            code: request.body.code,
            ip: request.ip,
            origin: origin,
            keys,
          }),
        }),
      );
    }

    app.get(
      '/api/contract/:id/download',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'The contract’s PDF: signed once signed, the one to sign before',
          description:
            '`application/pdf` as an attachment `contrato-<reference>.pdf`, never cached. 409 before it is ' +
            `sent to sign. ${notYours}`,
          security,
          params: idParams,
        },
      },
      async (request, reply) => {
        const { bytes, reference } = await contractPdfFile(
          db,
          requireUser(request).user.id,
          request.params.id,
        );
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', attachmentDisposition(contractFileName(reference)))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'no-store')
          .send(bytes);
      },
    );

    app.post(
      '/api/contract/:id/images',
      {
        bodyLimit: MAX_CONTRACT_IMAGE_BYTES + 64 * 1024,
        config: {
          access: access.owner,
          rateLimit: {
            max: CONTRACT_UPLOADS_PER_HOUR,
            timeWindow: 3600_000,
            keyGenerator: (request) => request.auth?.user.id ?? request.ip,
          },
        },
        schema: {
          tags,
          summary: 'Upload an inventory photo (multipart: file)',
          description:
            'JPEG, PNG or WebP (by content) up to 10 MB, re-encoded to JPEG; either party, before the contract ' +
            'is sent to sign (409 after); 422 `CONTRACT_TOO_MANY_IMAGES` past 30 (counted under the ' +
            `contract’s lock). The web waits up to 120 s. ${notYours}`,
          security,
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 201: envelope(contractImage) },
        },
      },
      async (request, reply) => {
        const userId = requireUser(request).user.id;
        if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE');
        let bytes: Buffer | undefined;
        for await (const part of request.parts({
          limits: { fileSize: MAX_CONTRACT_IMAGE_BYTES, files: 1, fields: 4 },
        })) {
          if (part.type === 'file') {
            bytes = await part.toBuffer().catch((error: unknown) => {
              if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
                throw new DomainError('CONTRACT_IMAGE_TOO_LARGE', 'file');
              throw error;
            });
          }
        }
        if (!bytes) throw new DomainError('INVALID_INPUT', 'file');
        if (bytes.length === 0) throw new DomainError('IMAGE_EMPTY', 'file');
        const image = await addContractImage(db, store, userId, request.params.id, bytes);
        return reply.status(201).send({ data: image });
      },
    );

    app.get(
      '/api/contract/:id/preload-images',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'The contract’s inventory photos',
          description: `In upload order, with who uploaded each; the bytes at GET .../images/{imageId}. ${notYours}`,
          security,
          params: idParams,
          response: { 200: envelope(contractImages) },
        },
      },
      async (request) => ({
        data: { items: await listContractImages(db, requireUser(request).user.id, request.params.id) },
      }),
    );

    app.get(
      '/api/contract/:id/images/:imageId',
      {
        // The access matrix names a photo nobody has (its world has no files): A gets 404 there too;
        // contracts.test.ts proves the parties get the bytes and anyone else 404.
        config: { access: access.owner, matrix: { ownerA: 404, agentAsA: 404 } },
        schema: {
          tags,
          summary: 'An inventory photo’s bytes (JPEG), to either party only',
          description: `\`Cache-Control: private\`: fetch it with the bearer token. ${notYours}`,
          security,
          params: imageParams,
        },
      },
      async (request, reply) => {
        const { id, imageId } = request.params;
        const bytes = await readContractImage(db, store, requireUser(request).user.id, id, imageId);
        return reply
          .header('Content-Type', 'image/jpeg')
          .header('Cache-Control', 'private, max-age=3600')
          .header('X-Content-Type-Options', 'nosniff')
          .send(bytes);
      },
    );

    app.delete(
      '/api/contract/:id/preload-image/:imageId',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Delete an inventory photo',
          description: `Either party, before the contract is sent to sign (409 after). ${notYours}`,
          security,
          params: imageParams,
          response: { 200: envelope(z.object({ deleted: z.literal(true) })) },
        },
      },
      async (request) => {
        const { id, imageId } = request.params;
        await deleteContractImage(db, store, requireUser(request).user.id, id, imageId);
        return { data: { deleted: true as const } };
      },
    );
  };
}
