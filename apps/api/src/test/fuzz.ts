import fc from 'fast-check';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { RouteRecord } from '../platform/access';
import { fillPath } from './route-requests';
import type { OwnerRows } from './world';

/** A JSON Schema node as zod writes it (the subset our request schemas use). */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
}

const toJson = (schema: unknown): JsonSchema | null =>
  schema instanceof z.ZodType
    ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : null;

/** Values that have broken servers before: NUL, lone surrogates, year 0, huge strings, 32-bit edges. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'calle\u0000mayor',
    '\uD800',
    'a\uDFFFb',
    '0000-01-01',
    '99999-12-31',
    '0',
    '-1',
    '99999',
    '1e309',
    'NaN',
    'null',
    'true',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '\u202Eevil',
    ' ',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    null,
    true,
    false,
    [],
    {},
    [null],
    { $gt: '' },
  ),
  fc.array(fc.constant('x'), { minLength: 100, maxLength: 2_000 }),
);

/** A value of the schema's shape, with our own rows' ids where an id is wanted (to go deep). */
function valid(schema: JsonSchema | undefined, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => valid(option, ids, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {}))
        shape[key] = valid(value, ids, depth + 1);
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in shape) });
    }
    case 'array':
      return fc.array(valid(schema.items, ids, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (schema.format === 'date') return fc.constantFrom('2026-12-01', '2027-03-15', '0000-01-01');
      if (schema.format === 'date-time')
        return fc.constantFrom('2026-12-01T10:00:00.000Z', '0000-01-01T00:00:00Z');
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, 200));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** A value that fits `schema` except in the one way that has broken servers before. */
function hostileFor(schema: JsonSchema | undefined, ids: string[]): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  const near = valid(schema, ids);
  switch (type) {
    case 'string':
      return fc.oneof(
        near.map((value) => `${String(value)}\u0000`),
        near.map((value) => `\uD800${String(value)}`),
        fc.constantFrom('0000-01-01', '99999-12-31', '2026-02-30', '1-01-01', '0'),
        fc.integer({ min: 0, max: 2 }).map((n) => cursorLike[n] ?? ''),
        hostileString,
      );
    case 'integer':
    case 'number':
      return fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308, 1.5, -1, 0, '12', null);
    case 'array':
      return fc.oneof(
        fc.array(hostileFor(schema?.items, ids), { minLength: 1, maxLength: 3 }),
        fc.array(near, { minLength: 200, maxLength: 400 }),
        hostileValue,
      );
    case 'object':
      return hostileObject(schema ?? null, ids);
    default:
      return hostileValue;
  }
}

/** Keyset cursors (base64url JSON) whose sort value is out of any range. */
const cursorLike = [
  { v: '0', i: '00000000-0000-4000-8000-000000000000' },
  { v: '99999', i: '00000000-0000-4000-8000-000000000000' },
  { v: 1e20, i: '00000000-0000-4000-8000-000000000000' },
].map((cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url'));

/**
 * An object with only its required fields, valid, and one field (required or not) made hostile; or with
 * an extra field we never store; or not an object at all.
 */
function hostileObject(schema: JsonSchema | null, ids: string[]): fc.Arbitrary<unknown> {
  const properties = schema?.properties ?? {};
  const keys = Object.keys(properties);
  const required: Record<string, JsonSchema> = Object.fromEntries(
    (schema?.required ?? []).flatMap((key) => {
      const field = properties[key];
      return field ? [[key, field]] : [];
    }),
  );
  const base = schema ? valid({ ...schema, properties: required }, ids) : fc.constant({});
  const asObject = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  const extra = fc.constantFrom(
    'userId',
    'ownerId',
    'status',
    'statusCode',
    'isBlocked',
    'roles',
    '__proto__',
    'constructor',
  );
  const variants: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [
    {
      weight: 2,
      arbitrary: fc.tuple(base, extra, hostileValue).map(([value, key, bad]) => {
        const object = asObject(value);
        // JSON text, so `__proto__` arrives as an own key, as an attacker would send it.
        const rest = JSON.stringify(object).slice(1);
        return JSON.parse(
          `{${JSON.stringify(key)}:${JSON.stringify(bad) ?? 'null'}${rest === '}' ? '}' : `,${rest}`}`,
        ) as unknown;
      }),
    },
    { weight: 1, arbitrary: hostileValue },
  ];
  if (keys.length > 0) {
    variants.push({
      weight: 8,
      arbitrary: fc
        .constantFrom(...keys)
        .chain((key) => fc.tuple(base, fc.constant(key), hostileFor(properties[key], ids)))
        .map(([value, key, bad]) => ({ ...asObject(value), [key]: bad })),
    });
  }
  return fc.oneof(...variants);
}

/** Percent-encodes any string, lone surrogates and NUL included (as the raw bytes a client could send). */
const encodePathSegment = (value: string): string =>
  [...value]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code >= 0xd800 && code <= 0xdfff)
        return `%${[0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => b.toString(16).toUpperCase()).join('%')}`;
      return encodeURIComponent(char);
    })
    .join('');

export interface FuzzCase {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const contentTypes = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];

/** Requests of every hostile kind the fuzzer sends to `route`, with our rows' ids in the mix. */
export function fuzzCases(route: RouteRecord, rows: OwnerRows): fc.Arbitrary<FuzzCase> {
  const ids = [rows.propertyId, rows.announcementId, rows.imageId, rows.userId];
  const body = toJson(route.schema.body);
  const query = toJson(route.schema.querystring);
  const path = fc.oneof(
    { weight: 4, arbitrary: fc.constant(fillPath(route.url, rows)) },
    {
      weight: 1,
      arbitrary: hostileString.map((bad) => {
        const params = Object.fromEntries(
          [...route.url.matchAll(/:(\w+)/g)].map((match) => [
            match[1] ?? '',
            encodePathSegment(bad.slice(0, 300)),
          ]),
        );
        return fillPath(route.url, rows, params);
      }),
    },
  );
  const queryString = query
    ? hostileObject(query, ids).map((value) => {
        if (typeof value !== 'object' || value === null) return `?q=${encodePathSegment(String(value))}`;
        const search = new URLSearchParams();
        for (const [key, v] of Object.entries(value))
          search.append(key, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
        return `?${search.toString().slice(0, 6_000)}`;
      })
    : fc.constant('');
  const hasBody = !['GET', 'DELETE'].includes(route.method);
  const payload = hasBody
    ? fc.oneof(
        {
          weight: 8,
          arbitrary: hostileObject(body, ids).map((value) => ({
            type: 'application/json',
            text: JSON.stringify(value) ?? 'null',
          })),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.constantFrom(...contentTypes), hostileString)
            .map(([type, text]) => ({ type, text })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('{"a":', '[', '{"__proto__":{"admin":true}}', 'null', '1')
            .map((text) => ({ type: 'application/json', text })),
        },
      )
    : fc.constant(null);
  return fc.tuple(path, queryString, payload).map(([url, search, sent]): FuzzCase => ({
    method: route.method,
    url: `${url}${search}`,
    headers: sent ? { 'content-type': sent.type } : {},
    ...(sent ? { payload: sent.text } : {}),
  }));
}

/**
 * What the database holds, as row counts and last-change times of every table but the ones that any
 * request may touch (sessions' last use, rate-limit counters, the audit logs). Two equal fingerprints:
 * nothing was stored.
 */
export async function fingerprintQuery(db: Db): Promise<() => Promise<string>> {
  const tables = await db.execute(sql`
    select t.table_name, exists(select 1 from information_schema.columns c where c.table_schema = 'public'
      and c.table_name = t.table_name and c.column_name = 'updated_at') as has_updated
    from information_schema.tables t
    where t.table_schema = 'public' and t.table_type = 'BASE TABLE' and t.table_name not like '%drizzle%'
    order by t.table_name`);
  const rows = (tables as unknown as { rows: { table_name: string; has_updated: boolean }[] }).rows;
  const volatile =
    /^(sessions|audit_log|agent_audit_log|rate_limits|throttles|agent_login_attempts|page_views)$/;
  const parts = rows
    .filter((row) => !volatile.test(row.table_name))
    .map((row) =>
      row.has_updated
        ? `(select count(*)::text || '/' || coalesce(max(updated_at)::text, '') from "${row.table_name}")`
        : `(select count(*)::text from "${row.table_name}")`,
    );
  const statement = sql.raw(`select concat_ws(',', ${parts.join(', ')}) as fingerprint`);
  return async () => {
    const result = (await db.execute(statement)) as unknown as { rows: { fingerprint: string }[] };
    return result.rows[0]?.fingerprint ?? '';
  };
}
