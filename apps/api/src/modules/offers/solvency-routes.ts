import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSale } from '@casaoferta/domain/codes';
import { envelope } from '@casaoferta/domain/schemas/common';
import { tenantSolvency, type TenantSolvency } from '@casaoferta/domain/schemas/tenant';
import { saleSolvency, tenantRentalSolvency } from '@casaoferta/domain/rules/solvency';
import type { Db } from '../../db/client';
import { announcements } from '../../db/schema/index';
import { requireUser } from '../../platform/auth';
import { access } from '../../platform/access';
import { DomainError } from '../../platform/errors';
import { isLive } from '../listings/search-announcements';
import { candidateProfileSql, householdIncomeOf } from './candidate-profile';

const idParams = z.object({ id: z.uuid() });
/** `amount`: whole euros to judge instead of the price (the offer dialog's amount). */
const solvencyQuery = z.object({ amount: z.coerce.number().int().min(1).max(100_000_000).optional() });

/**
 * My solvency on an announcement before I offer (SPEC 3 "Tenant profile", point 5), in one statement:
 * the announcement, whether it is on show, and my profile. An announcement that is not on show is a 404
 * unless it is mine, as on its property page (decision 008).
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
    })
    .from(announcements)
    .where(eq(announcements.id, announcementId));
  if (!row || (!row.live && row.ownerId !== userId)) throw new DomainError('NOT_FOUND');
  if (isSale(row.typeCode)) {
    return { ...saleSolvency(null, 'tenant', true), withGuarantor: null, withCoHolder: null };
  }
  return tenantRentalSolvency(amount ?? row.price, householdIncomeOf(row.profile));
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
            'A rental compares the monthly rent (the price, or `amount` in whole euros: the amount I am ' +
            'about to offer) with the net monthly income of the holders of my tenant profile (me and my ' +
            'co-holders, each salary band at its minimum; guarantors apart): up to 35 % OSS002, up to ' +
            '45 % OSS005, above OSS004, OSS003 when my guarantors cover it; OSS001 until my profile has ' +
            'an income. `withCoHolder` and `withGuarantor` tell how it would read with a co-holder ' +
            'bringing the income missing, or a guarantor earning enough on their own (null when the ' +
            'verdict is solvent already or cannot be worked out). A sale is OSS001 with what its ' +
            'solvency depends on. 404 when the announcement does not exist or is not on show.',
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
