import { createHash } from 'node:crypto';
import { buildStaticMasters, propertyValidationStatuses } from '@casaoferta/domain/masters';
import { errorMessages } from '@casaoferta/domain/errors';
import type { Masters } from '@casaoferta/domain/schemas/masters';
import type { Db } from '../../db/client';
import { EncodedBody } from '../../platform/encoded-body';
import { listProvinces } from './queries';

export interface CachedMasters {
  masters: Masters;
  etag: string;
  /** The answer's bytes (`{ "data": masters }`), compressed once per encoding (decision 031). */
  body: EncodedBody;
}

/** Master data changes only with a deploy or a re-import, so it is built once per process. */
export function createMastersCache(db: Db) {
  let cached: Promise<CachedMasters> | null = null;
  const build = async (): Promise<CachedMasters> => {
    const staticMasters = buildStaticMasters();
    const masters: Masters = {
      ...staticMasters,
      exceptionAttributes: { ...errorMessages },
      propertyAttributes: {
        ...staticMasters.propertyAttributes,
        validationStatuses: propertyValidationStatuses(),
        provinces: await listProvinces(db, 'ES'),
      },
    };
    const json = JSON.stringify(masters);
    return {
      masters,
      etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
      body: new EncodedBody(() => JSON.stringify({ data: masters })),
    };
  };
  return {
    get(): Promise<CachedMasters> {
      cached ??= build().catch((error: unknown) => {
        cached = null;
        throw error;
      });
      return cached;
    },
    invalidate() {
      cached = null;
    },
  };
}
