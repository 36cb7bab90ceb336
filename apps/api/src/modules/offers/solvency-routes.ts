import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSale } from '@casaoferta/domain/codes';
import { envelope } from '@casaoferta/domain/schemas/common';
import { tenantSolvency, type TenantSolvency } from '@casaoferta/domain/schemas/tenant';
import { offerHousehold } from '@casaoferta/domain/rules/offer-solvency';
import { activeOfferStatuses } from '@casaoferta/domain/rules/offer-rules';
import { saleSolvency, tenantRentalSolvency } from '@casaoferta/domain/rules/solvency';
import type { Db } from '../../db/client';
import { announcements, offers } from '../../db/schema/index';
import { requireUser } from '../../platform/auth';
import { access } from '../../platform/access';
import { DomainError } from '../../platform/errors';
import { isLive } from '../listings/search-announcements';
import { candidateProfileSql, householdIncomeOf } from './candidate-profile';

const idParams = z.object({ id: z.uuid() });
/** `amount`: whole euros to judge instead of the price (the offer dialog's amount). */
const solvencyQuery = z.object({ amount: z.coerce.number().int().min(1).max(100_000_000).optional() });

/** What my current offer on the announcement says (amount 0 on a visit request), if I have one. */
interface MyCurrentOffer {
  amount: number;
  salary: number | null;
}

/** My current (sent or selected) offer on the announcement: at most one (`offers_one_current_per_candidate`). */
const myCurrentOfferSql = (userId: string, announcementId: string) =>
  sql<MyCurrentOffer | null>`(select json_build_object('amount', o.amount, 'salary', o.salary)
    from ${offers} o
    where o.announcement_id = ${announcementId}::uuid and o.candidate_id = ${userId}::uuid
      and o.status_code in (${sql.join(
        activeOfferStatuses.map((status) => sql`${status}`),
        sql`, `,
      )})
    limit 1)`;

/**
 * My solvency on an announcement before I offer (SPEC 3 "Tenant profile", point 5), in one statement:
 * the announcement, whether it is on show, my profile and my current offer. It is the verdict the owner
 * reads on my offer (the same domain rule, on the same household and the same rent): the rent is
 * `amount` when given (the offer dialog's), else my current offer's amount, else the price; my own
 * income is my band's minimum, else the salary I declared with that offer. An announcement that is not
 * on show is a 404 unless it is mine, as on its property page (decision 008).
 */
export async function mySolvency(
  db: Db,
  userId: string,
  announcementId: string,
  amount: number | undefined,
): Promise<TenantSolvency> {
  const [row] = await db
    .select({
      typeCode: announcements.typeCode,
      price: announcements.price,
      ownerId: announcements.ownerId,
      live: sql<boolean>`(${isLive()})`,
      profile: candidateProfileSql(userId),
      myOffer: myCurrentOfferSql(userId, announcementId),
    })
    .from(announcements)
    .where(eq(announcements.id, announcementId));
  if (!row || (!row.live && row.ownerId !== userId)) throw new DomainError('NOT_FOUND');
  const { income, fromBands } = offerHousehold(householdIncomeOf(row.profile), row.myOffer?.salary ?? null);
  if (isSale(row.typeCode)) {
    return { ...saleSolvency(null, 'tenant', true, income), withGuarantor: null, withCoHolder: null };
  }
  const offered = row.myOffer && row.myOffer.amount > 0 ? row.myOffer.amount : null;
  return tenantRentalSolvency(amount ?? offered ?? row.price, income, fromBands);
}

export function solvencyRoutes(db: Db) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/announcement/:id/solvency',
      {
        config: { access: access.user },
        schema: {
          tags: ['offers'],
          summary: 'My solvency on this announcement before I offer, and what would change it',
          description:
            'The verdict the owner reads on my offer (one domain rule). A rental compares the monthly ' +
            'rent (`amount` in whole euros: the amount I am about to offer; else my current offer’s; ' +
            'else the price) with my household’s net monthly income (me, my co-holders and my ' +
            'guarantors, each salary band at its minimum; mine the salary declared with my offer when ' +
            'my profile has no band): `ratio` = rent / that income. The holders within 35 % OSS002; ' +
            'within 35 % only with the guarantors OSS003; up to 45 % OSS005; above OSS004; OSS001 ' +
            'until there is an income. `hasCoHolder` / `hasGuarantor` say whom my profile names. ' +
            '`withCoHolder` and `withGuarantor` tell how it would read with a co-holder or (when I ' +
            'have no guarantor yet) a guarantor bringing the income missing (null when the verdict is ' +
            'solvent already or cannot be worked out). A sale is OSS001 with what its solvency depends ' +
            'on. 404 when the announcement does not exist or is not on show.',
          security: [{ bearer: [] }],
          params: idParams,
          querystring: solvencyQuery,
          response: { 200: envelope(tenantSolvency) },
        },
      },
      async (request) => ({
        data: await mySolvency(db, requireUser(request).user.id, request.params.id, request.query.amount),
      }),
    );
  };
}
