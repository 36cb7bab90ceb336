import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import {
  VALIDATION_QUEUE_COUNT_CAP,
  type ValidationQueueItem,
  type ValidationQueueKind,
  type ValidationQueueResponse,
} from '@casaoferta/domain/schemas/back-office';
import type { Db } from '../../db/client';
import {
  announcements,
  municipalities,
  properties,
  propertyImages,
  provinces,
  users,
} from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { mediaUrl } from '../../platform/media';
import {
  containing,
  folded,
  inCodes,
  isoText,
  listingTitle,
  phoneDigits,
  propertyTypesMatching,
  queryWords,
} from './queue-match';

interface QueueRow {
  kind: ValidationQueueKind;
  rank: number;
  cursorAt: string;
  propertyId: string;
  announcementId: string | null;
  submittedAt: string;
  revision: number;
  reference: string;
  propertyValidationStatus: string;
  propertyTypeCode: string | null;
  municipalityName: string | null;
  provinceName: string | null;
  ownerId: string;
  ownerName: string;
  ownerSurname: string;
  ownerPhone: string | null;
  ownerVerified: boolean;
  ownerBlocked: boolean;
  typeCode: string | null;
  customTitle: string | null;
  price: number | null;
  coverKey: string | null;
  imageCount: number;
  jointAnnouncements: ValidationQueueItem['jointAnnouncements'];
}

/** The queue's order: when it was sent, then the kind (in this order), the property and the announcement. */
const kindRank: Record<ValidationQueueKind, number> = {
  announcement: 0,
  property: 1,
  'property-revision': 2,
};

/** Where the previous page ended: its last item's sort key (`t` with microseconds, as stored). */
const cursorSchema = z
  .object({
    t: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
      .refine((value) => {
        const time = Date.parse(value);
        return !Number.isNaN(time) && new Date(time).getUTCFullYear() >= 1900;
      }),
    k: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    p: z.uuid(),
    a: z.uuid().nullable(),
  })
  .refine((c) => (c.k === kindRank.announcement) === (c.a !== null));
type QueueCursor = z.infer<typeof cursorSchema>;

const encodeCursor = (cursor: QueueCursor): string =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** A cursor that does not decode to a queue position is a 400, never a 500 or an empty page. */
function decodeCursor(raw: string): QueueCursor {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new DomainError('INVALID_INPUT', 'cursor');
}

/** A status code as a literal: the partial indexes' predicates must be provable at planning time. */
const code = (value: string): SQL => sql.raw(`'${value.replace(/'/g, "''")}'`);

/**
 * The part of one kind's rows after the cursor, on that kind's own sort key: `at` the time it was sent,
 * `ids` what breaks ties within the kind (property, then announcement). Each kind is read from its own
 * partial index (migration 0019), in order, so a page reads about a page of each.
 */
function after(cursor: QueueCursor | null, rank: number, at: SQL, ids: SQL[]): SQL {
  if (!cursor) return sql`true`;
  const time = sql`${cursor.t}::timestamptz`;
  if (rank > cursor.k) return sql`${at} >= ${time}`;
  if (rank < cursor.k) return sql`${at} > ${time}`;
  const cursorIds = [sql`${cursor.p}::uuid`, ...(cursor.a ? [sql`${cursor.a}::uuid`] : [])];
  return sql`(${sql.join([at, ...ids], sql`, `)}) > (${sql.join([time, ...cursorIds.slice(0, ids.length)], sql`, `)})`;
}

/**
 * Everything waiting for an agent (SPEC 4.5, issue 14), as one union: properties pending validation
 * (PSG002, since their last change), validated properties with an owner's revision pending (since it was
 * sent, decision 011) and announcements pending validation (AST002, since they were sent or last edited)
 * of validated properties. An announcement sent with its property in validation is decided with it
 * (decision 028): the property's item carries it. One of a rejected property waits for the owner's
 * correction and comes back with it (decision 032). `limit` bounds each kind (a page without a search):
 * then each branch stops after `limit` index entries instead of reading every waiting thing.
 */
function waiting(cursor: QueueCursor | null, limit: number | null): SQL {
  const bound = limit === null ? sql`` : sql` limit ${limit}`;
  const revisionAt = sql`pending_revision_submitted_at(p.pending_revision)`;
  return sql`
  (select ${kindRank.property}::int as rank, 'property'::text as kind, p.id as property_id,
    null::uuid as announcement_id, p.updated_at as submitted_at, p.revision as revision
  from ${properties} p
  where p.validation_status = ${code(PropertyValidationStatus.PendingValidation)}
    and ${after(cursor, kindRank.property, sql`p.updated_at`, [sql`p.id`])}
  order by p.updated_at, p.id${bound})
  union all
  (select ${kindRank['property-revision']}::int, 'property-revision'::text, p.id, null::uuid,
    ${revisionAt}, p.revision
  from ${properties} p
  where p.validation_status = ${code(PropertyValidationStatus.Validated)}
    and (p.pending_revision->>'status') = 'pending'
    and ${after(cursor, kindRank['property-revision'], revisionAt, [sql`p.id`])}
  order by ${revisionAt}, p.id${bound})
  union all
  (select ${kindRank.announcement}::int, 'announcement'::text, a.property_id, a.id, a.updated_at, a.revision
  from ${announcements} a
  where a.status_code = ${code(AnnouncementStatus.PendingValidation)} and ${ofValidatedProperty}
    and ${after(cursor, kindRank.announcement, sql`a.updated_at`, [sql`a.property_id`, sql`a.id`])}
  order by a.updated_at, a.property_id, a.id${bound})`;
}

/**
 * The announcement's property is validated, looked up by its key for each announcement read: a join
 * could be planned as a hash of every validated property (the catalogue) where a few lookups do.
 */
const ofValidatedProperty = sql`(select p.validation_status from ${properties} p where p.id = a.property_id)
  = ${code(PropertyValidationStatus.Validated)}`;

/**
 * Each waiting thing with its property, owner and announcement (its own; for a new property the one sent
 * with it, else its newest).
 */
const items = (waitingRows: SQL) => sql`
  select q.rank, q.kind, q.property_id, q.announcement_id, q.submitted_at, q.revision,
    p.reference, p.validation_status, p.pending_revision, p.street,
    v.property_type_code, v.municipality_code,
    m.display_name as municipality_name, pr.display_name as province_name,
    u.id as owner_id, u.name as owner_name, u.surname as owner_surname, u.phone_number as owner_phone,
    u.is_verified as owner_verified, u.is_blocked as owner_blocked,
    a.type_code, a.custom_title, a.price
  from (${waitingRows}) q
  join ${properties} p on p.id = q.property_id
  join ${users} u on u.id = p.owner_id
  cross join lateral (
    select
      case when q.kind = 'property-revision' then p.pending_revision->'fields'->>'propertyTypeCode'
        else p.property_type_code end as property_type_code,
      case when q.kind = 'property-revision' then p.pending_revision->'fields'->>'municipalityCode'
        else p.municipality_code end as municipality_code,
      case when q.kind = 'property-revision' then p.pending_revision->'fields'->>'provinceCode'
        else p.province_code end as province_code
  ) v
  left join ${municipalities} m on m.code = v.municipality_code
  left join ${provinces} pr on pr.code = v.province_code
  left join lateral (
    select a.type_code, a.custom_title, a.price
    from ${announcements} a
    where a.property_id = q.property_id and (q.announcement_id is null or a.id = q.announcement_id)
    order by (q.kind = 'property' and a.status_code = ${code(AnnouncementStatus.PendingValidation)}) desc,
      a.created_at desc, a.id desc
    limit 1
  ) a on true`;

const order = sql`i.submitted_at asc, i.rank asc, i.property_id asc, i.announcement_id asc nulls first`;

/**
 * `q`: every word must appear (accents and case aside) in the reference, the title (own, or the type
 * and place of the default one), the street, or the owner's name or phone.
 */
function matching(q: string | undefined): SQL {
  const words = queryWords(q);
  if (words.length === 0) return sql`true`;
  const conditions = words.map((word) => {
    const like = containing(word);
    const digits = phoneDigits(word);
    return sql`(${sql.join(
      [
        sql`${folded(sql`i.reference`)} like ${like}`,
        sql`${folded(sql`i.custom_title`)} like ${like}`,
        sql`${folded(sql`i.municipality_name`)} like ${like}`,
        sql`${folded(sql`i.street`)} like ${like}`,
        sql`${folded(sql`i.owner_name || ' ' || i.owner_surname`)} like ${like}`,
        inCodes(sql`i.property_type_code`, propertyTypesMatching(word)),
        digits ? sql`i.owner_phone like ${containing(digits)}` : sql`false`,
      ],
      sql` or `,
    )})`;
  });
  // A phone typed with spaces ("612 345 678") matches as one number too.
  const allDigits = phoneDigits(q ?? '');
  const phone = allDigits ? sql` or i.owner_phone like ${containing(allDigits)}` : sql``;
  return sql`((${sql.join(conditions, sql` and `)})${phone})`;
}

/**
 * How many things wait (and match `q`), counted up to VALIDATION_QUEUE_COUNT_CAP + 1: without a search
 * that is at most so many entries of the partial indexes, whatever the size of the catalogue or queue.
 */
function countStatement(q: string | undefined): SQL {
  const cap = VALIDATION_QUEUE_COUNT_CAP + 1;
  if (queryWords(q).length > 0)
    return sql`select count(*)::int as "total" from (
      select 1 from (${items(waiting(null, null))}) i where ${matching(q)} limit ${cap}) c`;
  // Each kind read from its partial index, unordered, the new properties first; it stops at the cap.
  return sql`select count(*)::int as "total" from (
    (select 1 from ${properties} p
      where p.validation_status = ${code(PropertyValidationStatus.PendingValidation)})
    union all
    (select 1 from ${properties} p
      where p.validation_status = ${code(PropertyValidationStatus.Validated)}
        and (p.pending_revision->>'status') = 'pending')
    union all
    (select 1 from ${announcements} a
      where a.status_code = ${code(AnnouncementStatus.PendingValidation)} and ${ofValidatedProperty})
    limit ${cap}) c`;
}

async function boundedCount(db: Db, q: string | undefined): Promise<{ total: number; totalCapped: boolean }> {
  const result = await db.execute(countStatement(q));
  const [row] = (result as unknown as { rows: { total: number }[] }).rows;
  const counted = row?.total ?? 0;
  return {
    total: Math.min(counted, VALIDATION_QUEUE_COUNT_CAP),
    totalCapped: counted > VALIDATION_QUEUE_COUNT_CAP,
  };
}

/**
 * The two statements of a queue call (exported for bench/validation-queue.ts's plans): the page after the
 * cursor, one more row to know there is a next page, and the bounded count.
 */
export function validationQueueStatements(query: {
  pageSize: number;
  q?: string | undefined;
  cursor?: string | undefined;
}): { page: SQL; count: SQL } {
  return { page: pageStatement(query), count: countStatement(query.q) };
}

function pageStatement(query: {
  pageSize: number;
  q?: string | undefined;
  cursor?: string | undefined;
}): SQL {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const searching = queryWords(query.q).length > 0;
  const take = query.pageSize + 1;
  return sql`
    with i as (
      select * from (${items(waiting(cursor, searching ? null : take))}) i
      where ${matching(query.q)}
      order by ${order}
      limit ${take}
    )
    select i.kind as "kind", i.rank as "rank", i.property_id as "propertyId",
      i.announcement_id as "announcementId",
      ${isoText(sql`i.submitted_at`)} as "submittedAt",
      to_char(i.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt",
      i.revision as "revision",
      i.reference as "reference", i.validation_status as "propertyValidationStatus",
      i.property_type_code as "propertyTypeCode", i.municipality_name as "municipalityName",
      i.province_name as "provinceName", i.owner_id as "ownerId", i.owner_name as "ownerName",
      i.owner_surname as "ownerSurname", i.owner_phone as "ownerPhone", i.owner_verified as "ownerVerified",
      i.owner_blocked as "ownerBlocked", i.type_code as "typeCode", i.custom_title as "customTitle",
      i.price as "price", img.storage_key as "coverKey", coalesce(img.n, 0)::int as "imageCount",
      coalesce(ja.list, '[]'::jsonb) as "jointAnnouncements"
    from i
    left join lateral (
      select g.storage_key, count(*) over () as n
      from ${propertyImages} g
      left join lateral (
        select r.ord from jsonb_array_elements_text(i.pending_revision->'imageIds') with ordinality r(id, ord)
        where i.kind = 'property-revision' and r.id = g.id::text
      ) rev on true
      where g.property_id = i.property_id
        and case when i.kind = 'property-revision' then rev.ord is not null else not g.pending end
      order by coalesce(rev.ord, g.position), g.position
      limit 1
    ) img on true
    left join lateral (
      select jsonb_agg(
          jsonb_build_object('id', j.id, 'revision', j.revision, 'typeCode', j.type_code)
          order by j.created_at, j.id
        ) as list
      from ${announcements} j
      where i.kind = 'property' and j.property_id = i.property_id
        and j.status_code = ${code(AnnouncementStatus.PendingValidation)}
    ) ja on true
    order by ${order}`;
}

/**
 * GET /api/agents/validation-queue: a page of what waits for an agent, oldest first, after `cursor`
 * (keyset pages, issue 29 point 2), with the owner, the first photo and how many photos (the revision's
 * gallery for a revision, the approved one otherwise), and a bounded count. Without a search each kind is
 * read from its partial index and stops after a page: the time grows with the page, not the catalogue.
 */
export async function validationQueue(
  db: Db,
  query: { pageSize: number; q?: string | undefined; cursor?: string | undefined },
): Promise<ValidationQueueResponse> {
  const pageRows = db.execute(pageStatement(query));
  const [page, count] = await Promise.all([pageRows, boundedCount(db, query.q)]);
  const rows = (page as unknown as { rows: QueueRow[] }).rows;
  const shown = rows.slice(0, query.pageSize);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    ...count,
    pageSize: query.pageSize,
    nextCursor:
      rows.length > query.pageSize && last
        ? encodeCursor({
            t: last.cursorAt,
            k: cursorRank(last.rank),
            p: last.propertyId,
            a: last.announcementId,
          })
        : null,
  };
}

function cursorRank(rank: number): QueueCursor['k'] {
  if (rank === 0 || rank === 1 || rank === 2) return rank;
  throw new Error(`validation queue: unexpected kind rank ${rank}`);
}

function toItem(row: QueueRow): ValidationQueueItem {
  return {
    kind: row.kind,
    propertyId: row.propertyId,
    announcementId: row.announcementId,
    reference: row.reference,
    title: listingTitle(row),
    municipalityName: row.municipalityName,
    provinceName: row.provinceName,
    announcementTypeCode: row.typeCode,
    price: row.price,
    submittedAt: row.submittedAt,
    coverImageUrl: row.coverKey ? mediaUrl(row.coverKey, 'card') : null,
    imageCount: row.imageCount,
    owner: {
      id: row.ownerId,
      name: row.ownerName,
      surname: row.ownerSurname,
      phoneNumber: row.ownerPhone,
      isVerified: row.ownerVerified,
      isBlocked: row.ownerBlocked,
    },
    revision: row.revision,
    jointAnnouncements: row.jointAnnouncements,
    propertyValidationStatus: row.propertyValidationStatus,
  };
}
