import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { HouseholdRole, OfferStatus, type DocumentKindCode } from '@casaoferta/domain/codes';
import { candidateContactVisible } from '@casaoferta/domain/rules/paid-unlock';
import type {
  CandidateDocuments,
  DocumentDownload,
  SharedDocumentsPerson,
  TenantDocument,
} from '@casaoferta/domain/schemas/tenant';
import type { Db } from '../../db/client';
import {
  announcements,
  documentDownloads,
  householdPeople,
  offers,
  tenantDocuments,
  users,
} from '../../db/schema/index';
import type { AuthContext } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { announcementTitle } from '../offers/views';
import { removeDocumentFiles } from './files';
import { documentTexts } from './texts';
import type { InspectedDocument } from './inspect';
import { openVerified, writeEncrypted, type DocumentVault, type VerifiedDocument } from './vault';

/** At most 40 documents per tenant, theirs and their people's together. */
export const MAX_DOCUMENTS_PER_TENANT = 40;
/** The download log a tenant reads: the newest 100. */
export const DOWNLOADS_SHOWN = 100;

export type DocumentRow = typeof tenantDocuments.$inferSelect;

/** Whose documents a route names: the tenant's own (null) or one of their co-holders or guarantors. */
export type PersonRef = { role: typeof HouseholdRole.CoHolder | typeof HouseholdRole.Guarantor; id: string };

export const toDocumentDto = (row: DocumentRow): TenantDocument => ({
  id: row.id,
  kindCode: row.kindCode as DocumentKindCode,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
});

/** The person of `tenantId` with that role (a person of another tenant or of the other role is not). */
const personOf = (tenantId: string, person: PersonRef): SQL | undefined =>
  and(
    eq(householdPeople.id, person.id),
    eq(householdPeople.tenantId, tenantId),
    eq(householdPeople.role, person.role),
  );

/** The documents of `tenantId` that a route may name: their own (person_id null) or that person's. */
function ownedBy(tenantId: string, person: PersonRef | null): SQL | undefined {
  if (!person) return and(eq(tenantDocuments.tenantId, tenantId), isNull(tenantDocuments.personId));
  return and(
    eq(tenantDocuments.tenantId, tenantId),
    eq(tenantDocuments.personId, person.id),
    sql`exists (select 1 from ${householdPeople} where ${personOf(tenantId, person)})`,
  );
}

/** 404 unless `person` is a co-holder or guarantor (as named) of `tenantId`: checked before an upload is read. */
export async function requirePerson(db: Db, tenantId: string, person: PersonRef | null): Promise<void> {
  if (!person) return;
  const [row] = await db
    .select({ id: householdPeople.id })
    .from(householdPeople)
    .where(personOf(tenantId, person));
  if (!row) throw new DomainError('NOT_FOUND');
}

const countDocuments = async (db: Db, tenantId: string): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tenantDocuments)
    .where(eq(tenantDocuments.tenantId, tenantId));
  return row?.count ?? 0;
};

export interface NewDocument {
  kindCode: DocumentKindCode;
  fileName: string;
  bytes: Buffer;
  sha256: string;
  inspected: InspectedDocument;
}

/**
 * Stores an inspected upload: the file is encrypted to disk first (outside any transaction), then the
 * row is inserted under the tenant's lock (the same lock every save of their profile takes, in the same
 * order: user row, then person row), where the person is checked again and the cap of 40 counted. A
 * refusal or a failed insert removes the file: no file is ever left without its row.
 */
export async function addDocument(
  db: Db,
  vault: DocumentVault,
  tenantId: string,
  person: PersonRef | null,
  upload: NewDocument,
): Promise<TenantDocument> {
  // Checked again under the lock; this spares encrypting a file that cannot be kept.
  if ((await countDocuments(db, tenantId)) >= MAX_DOCUMENTS_PER_TENANT) {
    throw new DomainError('TOO_MANY_DOCUMENTS');
  }
  const storageKey = randomUUID();
  await writeEncrypted(vault, storageKey, upload.bytes);
  try {
    return await db.transaction(async (tx) => {
      const [tenant] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, tenantId))
        .for('no key update');
      if (!tenant) throw new DomainError('UNAUTHENTICATED');
      if (person) {
        // Held until the commit: the person cannot be deleted under the new row.
        const [row] = await tx
          .select({ id: householdPeople.id })
          .from(householdPeople)
          .where(personOf(tenantId, person))
          .for('key share');
        if (!row) throw new DomainError('NOT_FOUND');
      }
      if ((await countDocuments(tx, tenantId)) >= MAX_DOCUMENTS_PER_TENANT) {
        throw new DomainError('TOO_MANY_DOCUMENTS');
      }
      const [row] = await tx
        .insert(tenantDocuments)
        .values({
          id: randomUUID(),
          tenantId,
          personId: person?.id ?? null,
          kindCode: upload.kindCode,
          fileName: upload.fileName,
          contentType: upload.inspected.contentType,
          size: upload.bytes.length,
          storageKey,
          sha256: upload.sha256,
        })
        .returning();
      if (!row) throw new Error('addDocument: no row returned');
      return toDocumentDto(row);
    });
  } catch (error) {
    await removeDocumentFiles(vault.store, [storageKey]).catch(() => undefined);
    throw error;
  }
}

/** Deletes one document of the tenant (or of their person): the row, then its file. 404 for anyone else's. */
export async function deleteDocument(
  db: Db,
  vault: DocumentVault,
  tenantId: string,
  person: PersonRef | null,
  documentId: string,
): Promise<void> {
  const [deleted] = await db
    .delete(tenantDocuments)
    .where(and(eq(tenantDocuments.id, documentId), ownedBy(tenantId, person)))
    .returning({ storageKey: tenantDocuments.storageKey });
  if (!deleted) throw new DomainError('NOT_FOUND');
  await removeDocumentFiles(vault.store, [deleted.storageKey]);
}

/** Who a download is logged as. */
export interface Downloader {
  byRole: 'tenant' | 'owner' | 'agent';
  byUserId: string;
  offerId: string | null;
}

/** The tenant, or the agent acting as them (logged under the agent's own id). */
export const downloaderFor = (
  auth: AuthContext,
  role: 'tenant' | 'owner',
  offerId: string | null = null,
): Downloader =>
  auth.kind === 'impersonation' && auth.agentId
    ? { byRole: 'agent', byUserId: auth.agentId, offerId }
    : { byRole: role, byUserId: auth.user.id, offerId };

export interface OpenedDownload {
  row: DocumentRow;
  file: VerifiedDocument;
}

/**
 * The common end of every download, inside the transaction that read the document (its row held with a
 * lock, so it cannot be deleted before the log row names it): the file is opened and verified, then the
 * log row written. Only after the commit is a byte sent; a file that fails verification writes no log
 * row and answers 500 (a server fault: the platform's handler logs it and hides the details).
 */
async function verifyAndLog(
  tx: Db,
  vault: DocumentVault,
  row: DocumentRow,
  downloader: Downloader,
): Promise<OpenedDownload> {
  const file = await openVerified(vault, row.storageKey, row.sha256);
  try {
    await tx.insert(documentDownloads).values({
      tenantId: row.tenantId,
      documentId: row.id,
      fileName: row.fileName,
      ...downloader,
    });
  } catch (error) {
    await file.close();
    throw error;
  }
  return { row, file };
}

/**
 * The document `documentId` where `scope` holds (404 otherwise), held while it is verified and logged
 * (also each document of the agents' zips, back-office/downloads-documents.ts).
 */
export function openLockedDownload(
  db: Db,
  vault: DocumentVault,
  documentId: string,
  scope: SQL | undefined,
  downloader: Downloader,
): Promise<OpenedDownload> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(tenantDocuments)
      .where(and(eq(tenantDocuments.id, documentId), scope))
      .for('key share');
    if (!row) throw new DomainError('NOT_FOUND');
    return verifyAndLog(tx, vault, row, downloader);
  });
}

/** A document of the tenant (or of their person), for the tenant or an agent acting as them. */
export async function openOwnDownload(
  db: Db,
  vault: DocumentVault,
  tenantId: string,
  person: PersonRef | null,
  documentId: string,
  downloader: Downloader,
): Promise<OpenedDownload> {
  return openLockedDownload(db, vault, documentId, ownedBy(tenantId, person), downloader);
}

/** Any user's document, for an agent holding the documents permission. */
export async function openAgentDownload(
  db: Db,
  vault: DocumentVault,
  userId: string,
  documentId: string,
  agentId: string,
): Promise<OpenedDownload> {
  return openLockedDownload(db, vault, documentId, eq(tenantDocuments.tenantId, userId), {
    byRole: 'agent',
    byUserId: agentId,
    offerId: null,
  });
}

/**
 * The candidate's consent holds while the offer is current (sent or selected): once it is withdrawn, not
 * chosen or ended, the owner of that announcement no longer reads the candidate's documents.
 */
const sharedSql = sql<Date | null>`case when ${offers.statusCode} in (${sql.join(
  [OfferStatus.Sent, OfferStatus.Selected].map((code) => sql`${code}`),
  sql`, `,
)}) then ${offers.documentsSharedAt} end`.mapWith(offers.documentsSharedAt);
const consentGiven = and(
  isNotNull(offers.documentsSharedAt),
  inArray(offers.statusCode, [OfferStatus.Sent, OfferStatus.Selected]),
);

/**
 * The offer on the owner's announcement (404 otherwise), with its consent and whether the announcement
 * is paid: for telling 403 and 402 from 404.
 */
async function ownedOfferConsent(db: Db, ownerId: string, announcementId: string, offerId: string) {
  const [offer] = await db
    .select({ sharedAt: sharedSql, isPaid: announcements.isPaid })
    .from(offers)
    .innerJoin(announcements, eq(announcements.id, offers.announcementId))
    .where(
      and(
        eq(offers.id, offerId),
        eq(offers.announcementId, announcementId),
        eq(announcements.ownerId, ownerId),
      ),
    );
  if (!offer) throw new DomainError('NOT_FOUND');
  return offer;
}

/**
 * The owner sees a candidate's shared documents only on a paid announcement (the paid unlock, decision
 * 026): they name the candidate and show what the lock hides. Without the candidate's consent the
 * answer is still 403 `DOCUMENTS_NOT_SHARED`; with it, 402 `ANNOUNCEMENT_NOT_PAID` until paid.
 */
function refuseLocked<T extends { sharedAt: Date | null; isPaid: boolean }>(
  offer: T,
): asserts offer is T & { sharedAt: Date } {
  if (!offer.sharedAt) throw new DomainError('DOCUMENTS_NOT_SHARED');
  if (!candidateContactVisible(offer)) throw new DomainError('ANNOUNCEMENT_NOT_PAID');
}

/**
 * A document of the candidate of an offer on the owner's announcement. The consent is a condition of
 * the statement that reads the document, which holds the offer row (FOR SHARE) until the log row is
 * written: a revocation committed before it answers 403, one made meanwhile waits for this download.
 */
export async function openOwnerDownload(
  db: Db,
  vault: DocumentVault,
  ownerId: string,
  announcementId: string,
  offerId: string,
  documentId: string,
  downloader: Downloader,
): Promise<OpenedDownload> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ document: tenantDocuments })
      .from(tenantDocuments)
      .innerJoin(offers, eq(offers.candidateId, tenantDocuments.tenantId))
      .innerJoin(announcements, eq(announcements.id, offers.announcementId))
      .where(
        and(
          eq(tenantDocuments.id, documentId),
          eq(offers.id, offerId),
          eq(offers.announcementId, announcementId),
          eq(announcements.ownerId, ownerId),
          eq(announcements.isPaid, true),
          consentGiven,
        ),
      )
      .for('share', { of: [offers, tenantDocuments] });
    if (!found) {
      refuseLocked(await ownedOfferConsent(tx, ownerId, announcementId, offerId));
      throw new DomainError('NOT_FOUND');
    }
    return verifyAndLog(tx, vault, found.document, downloader);
  });
}

/**
 * GET .../offer/{offerId}/documents: the candidate's documents grouped by person (the candidate first,
 * then each co-holder and guarantor with documents), read in one statement whose join carries the
 * consent: no row → 404, a row without consent → 403.
 */
export async function listSharedDocuments(
  db: Db,
  ownerId: string,
  announcementId: string,
  offerId: string,
): Promise<CandidateDocuments> {
  const rows = await db
    .select({
      sharedAt: sharedSql,
      isPaid: announcements.isPaid,
      candidateName: users.name,
      candidateSurname: users.surname,
      document: tenantDocuments,
      person: {
        id: householdPeople.id,
        role: householdPeople.role,
        name: householdPeople.name,
        surname: householdPeople.surname,
      },
    })
    .from(offers)
    .innerJoin(announcements, eq(announcements.id, offers.announcementId))
    .innerJoin(users, eq(users.id, offers.candidateId))
    .leftJoin(tenantDocuments, and(eq(tenantDocuments.tenantId, offers.candidateId), consentGiven))
    .leftJoin(householdPeople, eq(householdPeople.id, tenantDocuments.personId))
    .where(
      and(
        eq(offers.id, offerId),
        eq(offers.announcementId, announcementId),
        eq(announcements.ownerId, ownerId),
      ),
    )
    .orderBy(asc(householdPeople.createdAt), asc(tenantDocuments.createdAt), asc(tenantDocuments.id));
  const first = rows[0];
  if (!first) throw new DomainError('NOT_FOUND');
  refuseLocked(first);
  const candidate: SharedDocumentsPerson = {
    personId: null,
    role: HouseholdRole.Tenant,
    name: `${first.candidateName} ${first.candidateSurname}`.trim(),
    documents: [],
  };
  const people = new Map<string, SharedDocumentsPerson>();
  for (const { document, person } of rows) {
    if (!document) continue;
    if (!document.personId || !person) {
      candidate.documents.push(toDocumentDto(document));
      continue;
    }
    let entry = people.get(person.id);
    if (!entry) {
      entry = {
        personId: person.id,
        role: person.role === HouseholdRole.Guarantor ? HouseholdRole.Guarantor : HouseholdRole.CoHolder,
        name: [person.name, person.surname].filter(Boolean).join(' '),
        documents: [],
      };
      people.set(person.id, entry);
    }
    entry.documents.push(toDocumentDto(document));
  }
  return { sharedAt: first.sharedAt.toISOString(), people: [candidate, ...people.values()] };
}

/** GET /api/document/downloads: the tenant's log, newest first, each line with who it was in Spanish. */
export async function listDownloads(db: Db, tenantId: string): Promise<DocumentDownload[]> {
  const rows = await db
    .select({ download: documentDownloads, announcement: announcements })
    .from(documentDownloads)
    .leftJoin(offers, eq(offers.id, documentDownloads.offerId))
    .leftJoin(announcements, eq(announcements.id, offers.announcementId))
    .where(eq(documentDownloads.tenantId, tenantId))
    .orderBy(desc(documentDownloads.createdAt), desc(documentDownloads.id))
    .limit(DOWNLOADS_SHOWN);
  return rows.map(({ download, announcement }) => {
    const byRole = download.byRole as DocumentDownload['byRole'];
    return {
      id: String(download.id),
      documentId: download.documentId,
      fileName: download.fileName,
      byRole,
      byLabel: downloadLabel(byRole, announcement ? announcementTitle(announcement) : null),
      at: download.createdAt.toISOString(),
    };
  });
}

/** 'Tú', 'Equipo de Casaoferta', 'Propietario de «Piso en alquiler en Getafe»'. */
export function downloadLabel(byRole: DocumentDownload['byRole'], announcement: string | null): string {
  const by = documentTexts.downloadedBy;
  if (byRole === 'tenant') return by.tenant;
  if (byRole === 'agent') return by.agent;
  return announcement ? by.owner(announcement) : by.unknownOwner;
}
