import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Permission } from '@casaoferta/domain/permissions';
import { agentDownloadPaths as paths } from '@casaoferta/domain/schemas/agent-downloads';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { access } from '../../platform/access';
import { requireAgent } from '../../platform/auth';
import { attachmentDisposition } from '../documents/routes';
import type { Downloader } from '../documents/store';
import { openVault } from '../documents/vault';
import {
  documentEntry,
  documentsOf,
  findAnnouncementCandidates,
  findOfferCandidate,
  findUser,
  personFolder,
  userName,
} from './downloads-documents';
import { propertyImageEntries } from './downloads-images';
import { candidateReport, loadOfferFacts, reportFileName, slug, solvencyReport } from './downloads-reports';
import { downloadsTexts } from './downloads-texts';
import { streamZip, type ZipEntry } from './downloads-zip';
import type { ObjectStore } from '../../platform/storage/index';

const tags = ['agents'];
const security = [{ bearer: [] }];
const offerParams = z.object({ id: z.uuid(), offerId: z.uuid() });
const idParams = z.object({ id: z.uuid() });
const rule = { access: access.agent(Permission.DownloadDocuments) };

const fileHeaders =
  'Answered as `Content-Disposition: attachment` with an ASCII name, `Cache-Control: no-store` and ' +
  '`X-Content-Type-Options: nosniff`. Agents with `documents.download` only: 401 without a session, 403 ' +
  'for anyone else (people, agents acting as someone, agents without the permission).';
const zipRules =
  'Streamed while it is made (never held whole in memory), entries stored as they are. Names inside are ' +
  'sanitised (no folders from user input, no `..`, no control characters) and made unique. An empty set ' +
  'gives a valid empty zip (200), not an error.';
const documentsZip =
  'Each document is opened at its turn as a single download is: its row held, the file decrypted and ' +
  'verified, and a row written to the person’s download log (`byRole: agent`, the agent’s id), which ' +
  'they read on /profile/documentation, before any of its bytes are sent. A document deleted meanwhile is ' +
  'left out; one whose file fails its check is left out, named in `NO INCLUIDOS.txt`, and logged as a ' +
  'server fault.';

/** Headers every agent download carries. */
const asAttachment = (reply: FastifyReply, type: string, fileName: string): FastifyReply =>
  reply
    .header('Content-Type', type)
    .header('Content-Disposition', attachmentDisposition(fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store');

const sendZip = (reply: FastifyReply, fileName: string, zip: Readable) =>
  asAttachment(reply, 'application/zip', fileName).send(zip);

const zipName = (...parts: string[]): string => `${parts.filter(Boolean).join('-')}.zip`;

/**
 * The agents' downloads (issue 14, point 5; SPEC 2.3 and 7.2): the solvency and candidate reports of an
 * offer as PDF, the documents of an offer's candidate, of a user or of every current candidate of an
 * announcement as zips, and the photos of a property as a zip.
 */
export function downloadRoutes(db: Db, config: Pick<Config, 'documentsKey' | 'dataDir'>, store: ObjectStore) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const vault = await openVault(config, store);

    const agentDownloader = (agentId: string, offerId: string | null): Downloader => ({
      byRole: 'agent',
      byUserId: agentId,
      offerId,
    });

    const reports = [
      {
        url: paths.solvencyReport(':id', ':offerId'),
        summary: 'The solvency report of this offer’s candidate (PDF)',
        description:
          '"Informe de solvencia": the announcement, the candidate’s profile (name, masked NIF, contract ' +
          'type, income band), household, co-holders and guarantors, incomes, the rent against income ' +
          'ratio and the verdict with its reasons (the domain’s rules and texts, every figure shown), and ' +
          'the documents uploaded (kind, name, person, date; listing them is not downloading them).',
        build: solvencyReport,
        prefix: downloadsTexts.files.solvency,
      },
      {
        url: paths.candidateReport(':id', ':offerId'),
        summary: 'The candidate report of this offer (PDF)',
        description:
          '"Informe del candidato": the announcement, the offer (amount, dates, status, payment and ' +
          'mortgage for a sale, the owner’s decision), its history, the candidate’s contact data, ' +
          'verification, block and profile state, and the solvency summary.',
        build: candidateReport,
        prefix: downloadsTexts.files.candidate,
      },
    ] as const;

    for (const report of reports) {
      app.get(
        report.url,
        {
          exposeHeadRoute: false,
          config: rule,
          schema: {
            tags,
            summary: report.summary,
            description: `${report.description} 404 when the offer is not on that announcement. ${fileHeaders}`,
            security,
            produces: ['application/pdf'],
            params: offerParams,
          },
        },
        async (request, reply) => {
          const agent = requireAgent(request, Permission.DownloadDocuments);
          const facts = await loadOfferFacts(db, request.params.id, request.params.offerId);
          const now = new Date();
          // The PDF writer (pdf-lib, fontkit) is loaded on the first report, not at start (decision 036).
          const { renderReport } = await import('./report-pdf');
          const pdf = await renderReport(report.build(facts, userName(agent.user), now));
          return asAttachment(reply, 'application/pdf', reportFileName(report.prefix, facts))
            .header('Content-Length', String(pdf.byteLength))
            .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
        },
      );
    }

    app.get(
      paths.offerDocuments(':id', ':offerId'),
      {
        exposeHeadRoute: false,
        config: rule,
        schema: {
          tags,
          summary: 'The documents of this offer’s candidate and of their co-holders and guarantors (zip)',
          description:
            'A folder per person (`Candidato - <name>`, `Co-titular - <name>`, `Avalista - <name>`), each ' +
            `document named \`<kind> - <file name>\`. The log rows name the offer. ${documentsZip} ` +
            `404 when the offer is not on that announcement. ${zipRules} ${fileHeaders}`,
          security,
          produces: ['application/zip'],
          params: offerParams,
        },
      },
      async (request, reply) => {
        const agent = requireAgent(request, Permission.DownloadDocuments);
        const found = await findOfferCandidate(db, request.params.id, request.params.offerId);
        const name = userName(found.candidate);
        const downloader = agentDownloader(agent.user.id, found.offerId);
        const entries = (await documentsOf(db, [found.candidate.id])).map((item) =>
          documentEntry(db, vault, item, [personFolder(item, name, downloadsTexts.roles.tenant)], downloader),
        );
        const fileName = zipName(downloadsTexts.files.documents, slug(name), slug(found.reference, false));
        return sendZip(reply, fileName, streamZip(entries, request.log));
      },
    );

    app.get(
      paths.announcementDocuments(':id'),
      {
        exposeHeadRoute: false,
        config: rule,
        schema: {
          tags,
          summary: 'The documents of every current candidate of this announcement (zip)',
          description:
            'Current candidates are those with a sent or selected offer, oldest offer first: a folder per ' +
            'candidate, and in it a folder per person as in the offer’s zip. The log rows name each ' +
            `candidate’s offer. ${documentsZip} 404 when the announcement does not exist. ${zipRules} ` +
            fileHeaders,
          security,
          produces: ['application/zip'],
          params: idParams,
        },
      },
      async (request, reply) => {
        const agent = requireAgent(request, Permission.DownloadDocuments);
        const { announcement, candidates } = await findAnnouncementCandidates(db, request.params.id);
        const documents = await documentsOf(
          db,
          candidates.map((c) => c.id),
        );
        const entries: ZipEntry[] = [];
        for (const candidate of candidates) {
          const name = userName(candidate);
          const downloader = agentDownloader(agent.user.id, candidate.offerId);
          for (const item of documents.filter((d) => d.document.tenantId === candidate.id)) {
            const folders = [name, personFolder(item, name, downloadsTexts.roles.tenant)];
            entries.push(documentEntry(db, vault, item, folders, downloader));
          }
        }
        const fileName = zipName(downloadsTexts.files.candidates, slug(announcement.reference, false));
        return sendZip(reply, fileName, streamZip(entries, request.log));
      },
    );

    app.get(
      paths.userDocuments(':userId'),
      {
        exposeHeadRoute: false,
        config: rule,
        schema: {
          tags,
          summary: 'Every document of a user and of their co-holders and guarantors (zip)',
          description:
            'The Profile’s Documentación action of an agent acting as the user (the agent calls it with ' +
            'their own session). A folder per person (`Titular - <name>`, `Co-titular - <name>`, ' +
            `\`Avalista - <name>\`). ${documentsZip} 404 when the user does not exist. ${zipRules} ` +
            fileHeaders,
          security,
          produces: ['application/zip'],
          params: z.object({ userId: z.uuid() }),
        },
      },
      async (request, reply) => {
        const agent = requireAgent(request, Permission.DownloadDocuments);
        const user = await findUser(db, request.params.userId);
        const name = userName(user);
        const downloader = agentDownloader(agent.user.id, null);
        const entries = (await documentsOf(db, [user.id])).map((item) =>
          documentEntry(db, vault, item, [personFolder(item, name, downloadsTexts.roles.self)], downloader),
        );
        return sendZip(
          reply,
          zipName(downloadsTexts.files.documents, slug(name)),
          streamZip(entries, request.log),
        );
      },
    );

    app.get(
      paths.propertyImages(':id'),
      {
        exposeHeadRoute: false,
        config: rule,
        schema: {
          tags,
          summary: 'Every photo of a property (zip)',
          description:
            'The largest stored size of each photo (1280 px WebP), in gallery order, named `foto-01.webp`…; ' +
            'photos waiting for an agent’s approval are included as `foto-NN-pendiente.webp`. A photo ' +
            'whose file is missing is left out and named in `NO INCLUIDOS.txt`. Agents only (an owner has ' +
            `their photos already; no access rule lets both in). 404 when the property does not exist. ${zipRules} ` +
            fileHeaders,
          security,
          produces: ['application/zip'],
          params: idParams,
        },
      },
      async (request, reply) => {
        requireAgent(request, Permission.DownloadDocuments);
        const { reference, entries } = await propertyImageEntries(db, store, request.params.id);
        return sendZip(
          reply,
          zipName(downloadsTexts.files.images, slug(reference, false)),
          streamZip(entries, request.log),
        );
      },
    );
  };
}
