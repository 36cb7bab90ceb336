import { sql, type SQL } from 'drizzle-orm';
import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import type {
  ValidationQueueItem,
  ValidationQueueKind,
  ValidationQueueResponse,
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
}

/**
 * Everything waiting for an agent (SPEC 4.5, issue 14), as one union: properties pending validation
 * (PSG002, since their last change), validated properties with an owner's revision pending (since it was
 * sent, decision 011) and announcements pending validation (AST002, since they were sent or last edited).
 * For a revision, the place and type are the revision's: what the agent would approve.
 */
const waiting = sql`
  select 'property'::text as kind, p.id as property_id, null::uuid as announcement_id,
    p.updated_at as submitted_at, p.revision as revision
  from ${properties} p
  where p.validation_status = ${PropertyValidationStatus.PendingValidation}
  union all
  select 'property-revision'::text, p.id, null::uuid,
    (p.pending_revision->>'submittedAt')::timestamptz, p.revision
  from ${properties} p
  where p.validation_status = ${PropertyValidationStatus.Validated}
    and p.pending_revision->>'status' = 'pending'
  union all
  select 'announcement'::text, a.property_id, a.id, a.updated_at, a.revision
  from ${announcements} a
  where a.status_code = ${AnnouncementStatus.PendingValidation}`;

/** Each waiting thing with its property, owner and announcement (its own, or the property's newest). */
const items = sql`
  select q.kind, q.property_id, q.announcement_id, q.submitted_at, q.revision,
    p.reference, p.validation_status, p.pending_revision, p.street,
    v.property_type_code, v.municipality_code,
    m.display_name as municipality_name, pr.display_name as province_name,
    u.id as owner_id, u.name as owner_name, u.surname as owner_surname, u.phone_number as owner_phone,
    u.is_verified as owner_verified, u.is_blocked as owner_blocked,
    a.type_code, a.custom_title, a.price
  from (${waiting}) q
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
    order by a.created_at desc, a.id desc
    limit 1
  ) a on true`;

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
 * GET /api/agents/validation-queue: the page of what waits for an agent, oldest first, with the owner,
 * the first photo and how many photos (the revision's gallery for a revision, the approved one
 * otherwise). One query for the page and one for the total.
 */
export async function validationQueue(
  db: Db,
  query: { page: number; pageSize: number; q?: string | undefined },
): Promise<ValidationQueueResponse> {
  const where = matching(query.q);
  const pageRows = db.execute(sql`
    with i as (${items})
    select i.kind as "kind", i.property_id as "propertyId", i.announcement_id as "announcementId",
      ${isoText(sql`i.submitted_at`)} as "submittedAt", i.revision as "revision",
      i.reference as "reference", i.validation_status as "propertyValidationStatus",
      i.property_type_code as "propertyTypeCode", i.municipality_name as "municipalityName",
      i.province_name as "provinceName", i.owner_id as "ownerId", i.owner_name as "ownerName",
      i.owner_surname as "ownerSurname", i.owner_phone as "ownerPhone", i.owner_verified as "ownerVerified",
      i.owner_blocked as "ownerBlocked", i.type_code as "typeCode", i.custom_title as "customTitle",
      i.price as "price", img.storage_key as "coverKey", coalesce(img.n, 0)::int as "imageCount"
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
    where ${where}
    order by i.submitted_at asc, i.kind asc, i.property_id asc, i.announcement_id asc nulls first
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const countRows = db.execute(
    sql`with i as (${items}) select count(*)::int as "total" from i where ${where}`,
  );
  const [page, count] = await Promise.all([pageRows, countRows]);
  const rows = (page as unknown as { rows: QueueRow[] }).rows;
  const [total] = (count as unknown as { rows: { total: number }[] }).rows;
  return {
    items: rows.map(toItem),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
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
    propertyValidationStatus: row.propertyValidationStatus,
  };
}
