import { sql } from 'drizzle-orm';
import {
  propertySearchLimit,
  type PropertySearchItem,
  type PropertySearchResponse,
} from '@casaoferta/domain/schemas/back-office';
import type { Db } from '../../db/client';
import { announcements, municipalities, properties, users } from '../../db/schema/index';
import { containing, folded, inCodes, listingTitle, propertyTypesMatching, queryWords } from './queue-match';

interface SearchRow {
  id: string;
  reference: string;
  validationStatus: string;
  hasPendingRevision: boolean;
  street: string;
  streetNumber: string | null;
  postalCode: string | null;
  propertyTypeCode: string | null;
  municipalityName: string | null;
  ownerId: string;
  ownerName: string;
  ownerSurname: string;
  announcements: { id: string; typeCode: string; statusCode: string; customTitle: string | null }[];
}

/**
 * GET /api/agents/properties/search?name= (SPEC 7.2): properties whose reference, title (an
 * announcement's own, or the type and place of the default one) or address (street, number, postal
 * code, municipality) holds every word of `name`, accents and case aside. Whatever their state (drafts
 * too: an agent helping an owner finds them), the most recently changed first, at most 20, each with its
 * announcements (newest first). One query.
 */
export async function searchProperties(db: Db, name: string): Promise<PropertySearchResponse> {
  const words = queryWords(name);
  const conditions = words.map((word) => {
    const like = containing(word);
    return sql`(${sql.join(
      [
        sql`${folded(sql`p.reference`)} like ${like}`,
        sql`${folded(sql`concat_ws(' ', p.street, p.street_number, p.postal_code, m.display_name)`)} like ${like}`,
        inCodes(sql`p.property_type_code`, propertyTypesMatching(word)),
        sql`exists (select 1 from ${announcements} t where t.property_id = p.id
          and ${folded(sql`t.custom_title`)} like ${like})`,
      ],
      sql` or `,
    )})`;
  });
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`false`;
  const result = await db.execute(sql`
    select p.id as "id", p.reference as "reference", p.validation_status as "validationStatus",
      coalesce(p.pending_revision->>'status' = 'pending', false) as "hasPendingRevision",
      p.street as "street", p.street_number as "streetNumber", p.postal_code as "postalCode",
      p.property_type_code as "propertyTypeCode", m.display_name as "municipalityName",
      u.id as "ownerId", u.name as "ownerName", u.surname as "ownerSurname",
      coalesce((
        select json_agg(json_build_object('id', a.id, 'typeCode', a.type_code, 'statusCode', a.status_code,
          'customTitle', a.custom_title) order by a.created_at desc, a.id desc)
        from ${announcements} a where a.property_id = p.id
      ), '[]'::json) as "announcements"
    from ${properties} p
    join ${users} u on u.id = p.owner_id
    left join ${municipalities} m on m.code = p.municipality_code
    where ${where}
    order by p.updated_at desc, p.id
    limit ${propertySearchLimit}`);
  const rows = (result as unknown as { rows: SearchRow[] }).rows;
  return { items: rows.map(toItem) };
}

function toItem(row: SearchRow): PropertySearchItem {
  const newest = row.announcements[0];
  return {
    id: row.id,
    reference: row.reference,
    title: listingTitle({
      typeCode: newest?.typeCode ?? null,
      customTitle: newest?.customTitle ?? null,
      propertyTypeCode: row.propertyTypeCode,
      municipalityName: row.municipalityName,
    }),
    validationStatus: row.validationStatus,
    hasPendingRevision: row.hasPendingRevision,
    address: [
      [row.street, row.streetNumber].filter(Boolean).join(' '),
      [row.postalCode, row.municipalityName].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', '),
    municipalityName: row.municipalityName,
    owner: { id: row.ownerId, name: row.ownerName, surname: row.ownerSurname },
    announcements: row.announcements.map((a) => ({
      id: a.id,
      typeCode: a.typeCode,
      statusCode: a.statusCode,
    })),
  };
}
