import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { RouteRecord } from '../platform/access';
import { ownerForm } from '../modules/contracts/test-support';
import { dni, newPerson, person, personal, wizard } from '../modules/tenant/test-support';
import { fillPath, routeRequest } from './route-requests';
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

/** How a string field holds a date, read from its JSON Schema. */
export type DateKind = 'date' | 'date-time';

/**
 * Values no field of the kind may take, derived from the type alone: years a person cannot mean (0, 1,
 * 9999, signed and six-digit years, which JavaScript's Date reads but PostgreSQL refuses or
 * mis-stores), days that do not exist (29 February of a common year, month 13, day 0, 31 April), and
 * the other kind's shape. Every date field of a request answers each with a 4xx naming the field.
 */
export const hostileDates: Readonly<Record<DateKind, readonly string[]>> = {
  date: [
    '0000-01-01',
    '0001-01-01',
    '1899-12-31',
    '2201-01-01',
    '9999-12-31',
    '99999-12-31',
    '2023-02-29',
    '1900-02-29',
    '2024-13-01',
    '2024-00-10',
    '1900-01-00',
    '2024-04-31',
    '-001-01-01',
    '-0001-01-01',
    '+010000-01-01',
    '+002024-01-01',
    '2024-1-1',
    '20240101',
    '2024-01-01T00:00:00Z',
    '',
  ],
  'date-time': [
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '+275760-09-13T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '2023-02-29T10:00:00Z',
    '2024-13-01T00:00:00Z',
    '1900-01-00T00:00:00Z',
    '2024-01-01T24:00:01Z',
    '2024-01-01',
    '',
  ],
};

/** A date and a date-time every date field of its kind takes (the base of a well-formed request). */
const goodDates: Readonly<Record<DateKind, readonly string[]>> = {
  date: ['1990-04-12', '2027-03-15', '2027-06-01'],
  'date-time': ['2026-12-01T10:00:00.000Z', '2027-03-15T08:30:00Z'],
};

const notDates = ['casa', '12345678', '2026-12-01 casa'];

/**
 * Whether `schema` is a date field: the JSON Schema format zod writes for `calendarDate` and `z.iso.date()`
 * ("date") or `z.iso.datetime()` ("date-time"), or a pattern that takes a date and nothing else we try
 * (a hand-written YYYY-MM-DD regex); through `anyOf` (nullable).
 */
export function dateKindOf(schema: JsonSchema | undefined): DateKind | null {
  if (!schema) return null;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.map(dateKindOf).find((kind) => kind !== null) ?? null;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes('string')) return null;
  if (schema.format === 'date' || schema.format === 'date-time') return schema.format;
  if (!schema.pattern) return null;
  const pattern = new RegExp(schema.pattern, 'u');
  if (notDates.some((text) => pattern.test(text))) return null;
  if (pattern.test('2026-12-01')) return 'date';
  return pattern.test('2026-12-01T10:00:00Z') ? 'date-time' : null;
}

/** A date field of a request: where it is (property names, '0' for an array's items) and its kind. */
export interface DateField {
  path: string[];
  kind: DateKind;
}

/** Every date field of `schema`, nested objects, arrays and `anyOf` options included. */
export function dateFields(
  schema: JsonSchema | null | undefined,
  path: string[] = [],
  depth = 0,
): DateField[] {
  if (!schema || depth > 8) return [];
  const kind = dateKindOf(schema);
  if (kind) return [{ path, kind }];
  const found = [
    ...(schema.anyOf ?? schema.oneOf ?? []).flatMap((option) => dateFields(option, path, depth + 1)),
    ...Object.entries(schema.properties ?? {}).flatMap(([key, value]) =>
      dateFields(value, [...path, key], depth + 1),
    ),
    ...dateFields(schema.items, [...path, '0'], depth + 1),
  ];
  return found.filter(
    (field, index) => found.findIndex((other) => other.path.join('.') === field.path.join('.')) === index,
  );
}

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
      const dateKind = dateKindOf(schema);
      if (dateKind) return fc.constantFrom(...goodDates[dateKind]);
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
  const dateKind = dateKindOf(schema);
  if (dateKind) {
    // A date field (nullable too): mostly the hostile values of its own type (year 0, 29 February 2023...).
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...hostileDates[dateKind]) },
      { weight: 1, arbitrary: near.map((value) => `${String(value)}\u0000`) },
      { weight: 1, arbitrary: hostileValue },
    );
  }
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

/** One request of the date sweep: a well-formed request with one date field set to a hostile value. */
export interface DateSweepCase extends FuzzCase {
  /** The field as the error envelope names it (`rental.startDate`). */
  field: string;
  value: string;
}

/** A DNI no one of A's household has yet (a person's route then reaches the store). */
const freshDni = () => dni(randomInt(1, 99_999_999));

/**
 * Bodies that pass the route's own rules, not only its schema, where neither the access matrix's sample
 * (test/route-requests.ts) nor a body generated from the schema would: a hostile date then meets the
 * store, as an attacker's otherwise perfect request would. Made again for every request (new ids).
 */
const wellFormedBodies: Record<string, () => object> = {
  'PUT /api/tenant/profile': () => wizard,
  'PUT /api/tenant/profile/personal': () => personal,
  'POST /api/tenant/co-titular': () => newPerson(freshDni()),
  'POST /api/tenant/guarantor': () => newPerson(freshDni()),
  'PUT /api/tenant/co-titular/:id': () => person(freshDni()),
  'PUT /api/tenant/guarantor/:id': () => person(freshDni()),
  // The sample has the rental's terms: the sale's carry the other date.
  'PUT /api/contract/:id/owner': () =>
    ownerForm({
      rental: null,
      sale: { arrasAmount: 10_000, deedDeadline: '2030-01-01', iban: null, conditionCodes: [] },
    }),
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` with `path` set to `date`, when everything above the field is there (an object or array). */
function withDate(value: unknown, path: readonly string[], date: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return date;
  if (Array.isArray(value)) {
    const index = Number(head);
    if (!Number.isInteger(index) || index >= value.length) return undefined;
    const inner = withDate(value[index], rest, date);
    return inner === undefined ? undefined : value.map((item, i) => (i === index ? inner : item));
  }
  if (!isRecord(value)) return undefined;
  if (rest.length > 0 && !(head in value)) return undefined;
  const inner = withDate(value[head], rest, date);
  return inner === undefined ? undefined : { ...value, [head]: inner };
}

/** Generated values of `schema` that it parses (when no given body fits). */
function generatedWellFormed(schema: z.ZodType, ids: string[]): unknown[] {
  const generated = fc.sample(valid(toJson(schema) ?? undefined, ids), { numRuns: 300, seed: 20_260_101 });
  return generated.filter((value) => schema.safeParse(value).success);
}

/**
 * The date sweep: for every date field of the route's body and query string (recognised from its type,
 * `dateFields`), a request that is well-formed in every other way with the field set to each of
 * `hostileDates` of its kind. A field for which no well-formed request can be built is reported in
 * `unreachable`, so no date field goes unswept.
 */
export async function dateSweep(
  route: RouteRecord,
  rows: OwnerRows,
  token: string | null,
): Promise<{ cases: DateSweepCase[]; unreachable: string[] }> {
  const ids = [rows.propertyId, rows.announcementId, rows.imageId, rows.userId];
  const key = `${route.method} ${route.url}`;
  const url = fillPath(route.url, rows);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const cases: DateSweepCase[] = [];
  const unreachable: string[] = [];
  const sweep = async (
    part: 'body' | 'query',
    schema: unknown,
    given: () => Promise<unknown[]>,
    send: (value: Record<string, unknown>) => FuzzCase,
  ) => {
    if (!(schema instanceof z.ZodType)) return;
    const fields = dateFields(toJson(schema));
    if (fields.length === 0) return;
    const generated = generatedWellFormed(schema, ids);
    for (const { path, kind } of fields) {
      const field = path.join('.');
      for (const value of hostileDates[kind]) {
        const bases = [...(await given()), ...generated].filter(
          (candidate) => schema.safeParse(candidate).success,
        );
        const request = bases
          .map((base) => withDate(base, path, value))
          .find((candidate) => candidate !== undefined);
        if (!isRecord(request)) {
          unreachable.push(
            `${key} ${part} ${field}: no well-formed request to set it in (add one to wellFormedBodies)`,
          );
          break;
        }
        cases.push({ ...send(request), field, value });
      }
    }
  };
  if (route.schema.body && !['GET', 'DELETE'].includes(route.method)) {
    const given = async () => [wellFormedBodies[key]?.(), (await routeRequest(route, rows, token)).payload];
    await sweep('body', route.schema.body, given, (value) => ({
      method: route.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(value),
    }));
  }
  if (route.schema.querystring) {
    await sweep(
      'query',
      route.schema.querystring,
      () => Promise.resolve([{}]),
      (value) => {
        const search = new URLSearchParams();
        for (const [name, v] of Object.entries(value))
          search.append(name, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
        return { method: route.method, url: `${url}?${search.toString()}`, headers };
      },
    );
  }
  return { cases, unreachable };
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
