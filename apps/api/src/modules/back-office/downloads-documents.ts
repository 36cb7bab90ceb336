import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { HouseholdRole, OfferStatus, type DocumentKindCode } from '@casaoferta/domain/codes';
import { documentKindLabels } from '@casaoferta/domain/masters/user';
import type { Db } from '../../db/client';
import { announcements, householdPeople, offers, tenantDocuments, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { openLockedDownload, type DocumentRow, type Downloader } from '../documents/store';
import { StoredDocumentUnreadable, type DocumentVault } from '../documents/vault';
import { downloadsTexts } from './downloads-texts';
import type { OpenedEntry, ZipEntry } from './downloads-zip';

/**
 * The documents of the agents' zips (SPEC 7.2 `document-users`): a person's documents and their
 * co-holders' and guarantors', a folder per person. Each one is opened at its turn exactly as a single
 * download is (documents/store.ts `openLockedDownload`): its row held, the file verified, the row of the
 * person's download log written ('agent', with the agent's id and the offer when there is one), and only
 * then are its bytes sent. A document deleted meanwhile is left out and logged nowhere.
 */

/** One document to zip, with whose it is. */
export interface ZipDocument {
  document: DocumentRow;
  /** The co-holder or guarantor it belongs to; null for the tenant's own. */
  person: { role: string; name: string | null; surname: string | null } | null;
}

const fullName = (name: string | null, surname: string | null): string =>
  [name, surname].filter(Boolean).join(' ').trim();

/** Every document of `tenantIds`: the tenant's own first, then co-holders', then guarantors', oldest first. */
export async function documentsOf(db: Db, tenantIds: readonly string[]): Promise<ZipDocument[]> {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .select({
      document: tenantDocuments,
      person: { role: householdPeople.role, name: householdPeople.name, surname: householdPeople.surname },
    })
    .from(tenantDocuments)
    .leftJoin(householdPeople, eq(householdPeople.id, tenantDocuments.personId))
    .where(inArray(tenantDocuments.tenantId, [...tenantIds]))
    .orderBy(
      asc(tenantDocuments.tenantId),
      // The tenant's own, then co-holders, then guarantors: a stable order, whatever the clock says.
      sql`case ${householdPeople.role} when ${HouseholdRole.CoHolder} then 1 when ${HouseholdRole.Guarantor} then 2 else 0 end`,
      sql`${householdPeople.createdAt} asc nulls first`,
      asc(tenantDocuments.personId),
      asc(tenantDocuments.createdAt),
      asc(tenantDocuments.id),
    );
  return rows.map(({ document, person }) => ({ document, person: document.personId ? person : null }));
}

/** The folder of a document's person: 'Candidato - Laura Gómez', 'Avalista - Marta Ruiz'. */
export function personFolder(item: ZipDocument, ownerName: string, ownerRole: string): string {
  const roles = downloadsTexts.roles;
  if (!item.person) return downloadsTexts.zip.personFolder(ownerRole, ownerName);
  const role = item.person.role === HouseholdRole.Guarantor ? roles.guarantor : roles.co_holder;
  return downloadsTexts.zip.personFolder(role, fullName(item.person.name, item.person.surname));
}

const documentName = (row: DocumentRow): string =>
  downloadsTexts.zip.documentName(
    documentKindLabels[row.kindCode as DocumentKindCode] ?? row.kindCode,
    row.fileName,
  );

/** The entry of one document: opened, verified and logged at its turn. */
export function documentEntry(
  db: Db,
  vault: DocumentVault,
  item: ZipDocument,
  folders: readonly string[],
  downloader: Downloader,
): ZipEntry {
  const row = item.document;
  return {
    path: [...folders, documentName(row)],
    mtime: row.createdAt,
    async open(): Promise<OpenedEntry> {
      try {
        const opened = await openLockedDownload(
          db,
          vault,
          row.id,
          eq(tenantDocuments.tenantId, row.tenantId),
          downloader,
        );
        return { stream: opened.file.stream() };
      } catch (error) {
        if (error instanceof DomainError && error.code === 'NOT_FOUND') return { missing: 'gone' };
        if (error instanceof StoredDocumentUnreadable)
          return { missing: 'unreadable', reason: error.message };
        throw error;
      }
    },
  };
}

/** A user's name as folders and file names show it. */
export const userName = (user: { name: string; surname: string }): string =>
  fullName(user.name, user.surname);

/** The user `userId` (404 when there is none). */
export async function findUser(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new DomainError('NOT_FOUND');
  return user;
}

/** The offer on that announcement, with its candidate and the announcement's reference (404 otherwise). */
export async function findOfferCandidate(db: Db, announcementId: string, offerId: string) {
  const [row] = await db
    .select({
      offerId: offers.id,
      reference: announcements.reference,
      candidate: { id: users.id, name: users.name, surname: users.surname },
    })
    .from(offers)
    .innerJoin(announcements, eq(announcements.id, offers.announcementId))
    .innerJoin(users, eq(users.id, offers.candidateId))
    .where(and(eq(offers.id, offerId), eq(offers.announcementId, announcementId)));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/**
 * The announcement's reference and its current candidates (a sent or selected offer), oldest offer
 * first; 404 when the announcement does not exist.
 */
export async function findAnnouncementCandidates(db: Db, announcementId: string) {
  const [announcement] = await db
    .select({ id: announcements.id, reference: announcements.reference })
    .from(announcements)
    .where(eq(announcements.id, announcementId));
  if (!announcement) throw new DomainError('NOT_FOUND');
  const candidates = await db
    .select({ offerId: offers.id, id: users.id, name: users.name, surname: users.surname })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.candidateId))
    .where(
      and(
        eq(offers.announcementId, announcementId),
        inArray(offers.statusCode, [OfferStatus.Sent, OfferStatus.Selected]),
      ),
    )
    .orderBy(asc(offers.createdAt), asc(offers.id));
  return { announcement, candidates };
}
