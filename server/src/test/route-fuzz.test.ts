import { isErrorCode } from '@app/common/errors';
import { PERMISSIONS } from '@app/common/permissions';
import { ROLE, type RoleId } from '@app/common/roles';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { createClientChannel } from './client-factories.js';
import { signIn } from './factories.js';
import { multipartPayload } from './uploads.js';
import {
  BAD_JSON_BODIES,
  BAD_PARAMS,
  MEGABYTE_TEXT,
  OVERSIZED_BODY,
  badValuesFor,
  bodyPaths,
  prototypeBodies,
  routeShape,
  sampleOf,
  setAt,
  type OpenApi,
  type RouteShape,
} from './route-fuzz.js';
import { SAMPLE_BODIES, paramValue } from './route-samples.js';
import { createRouteWorld, type RouteWorld } from './route-world.js';

/**
 * Fuzz over the whole route table (new routes are covered without editing this file): every
 * route gets NUL characters, ids out of the int4 range, huge and negative numbers, wrong types,
 * nulls, empty, odd-unicode and 1 MB texts, arrays for objects in each path parameter, query
 * parameter and body field (the places come from the zod schemas as OpenAPI publishes them),
 * random values from fast-check (seeded: FUZZ_SEED), `__proto__` keys, malformed, mistyped and
 * oversized bodies. No answer may be a 5xx; every refusal has the error shape `{ code, message,
 * requestId }` with a translated message and no stack trace, SQL or file path; and a route whose
 * every probe was refused wrote nothing (a checksum of every table but the sessions and counters).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 12012);
/** Random values of any type for a place of a body (fast-check), for routes with a body. */
const randomValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
  fc.anything({ maxDepth: 2, withNullPrototype: true, withObjectString: true }),
);

let t: TestApp;
let w: RouteWorld;
let spec: OpenApi;
beforeAll(async () => {
  t = await createTestApp();
  w = await createRouteWorld(t.app, t.db);
  // The public channels feed tenant A's shop, so that their bodies reach the database too.
  await createClientChannel(t.db, 's2asport', w.a.shop.id);
  await createClientChannel(t.db, 'win', w.a.shop.id);
  spec = t.app.swagger() as OpenApi;
});
afterAll(() => t.close());

type Probe = { label: string; request: InjectOptions };

function fillPath(url: string, replace?: { name: string; raw: string }): string {
  return url.replace(/:(\w+)/g, (_, name: string) =>
    replace?.name === name ? replace.raw : encodeURIComponent(paramValue(name, w) ?? '1'),
  );
}

async function encodeBody(
  shape: RouteShape,
  body: unknown,
  filename = 'proof.png',
): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  if (shape.bodyType !== 'multipart' || body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  }
  const fields: Parameters<typeof multipartPayload>[0] = {};
  for (const [key, value] of Object.entries(body)) {
    if (Buffer.isBuffer(value)) fields[key] = { data: value, filename, type: 'image/png' };
    else if (value !== undefined)
      fields[key] = typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value);
  }
  return multipartPayload(fields);
}

const boundaryBody = (boundary: string, end = true) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="nom"\r\n\r\nKone\r\n${end ? `--${boundary}--\r\n` : ''}`;

async function probesFor(method: string, url: string, shape: RouteShape): Promise<Probe[]> {
  const probes: Probe[] = [];
  const base = fillPath(url);
  const sample = SAMPLE_BODIES[`${method} ${url}`]?.(w) ?? (shape.bodyType ? sampleOf(shape.bodySchema) : undefined);
  const withBody = async (label: string, body: unknown, target = base) =>
    probes.push({ label, request: { method: method as 'GET', url: target, ...(await encodeBody(shape, body)) } });
  const raw = (label: string, contentType: string, payload: string, target = base) =>
    probes.push({ label, request: { method: method as 'GET', url: target, payload, headers: { 'content-type': contentType } } });

  for (const name of shape.pathParams) {
    for (const bad of BAD_PARAMS) {
      const target = fillPath(url, { name, raw: bad });
      if (sample === undefined) probes.push({ label: `param ${name}=${bad}`, request: { method: method as 'GET', url: target } });
      else await withBody(`param ${name}=${bad}`, sample, target);
    }
  }
  // `lang` (any route) only gets values that must be refused: the rest of the request is valid.
  const queries = [
    ...shape.queryParams.map((name) => ({ name, bads: ['%00', '2147483648', `x&${name}=y`] })),
    { name: 'lang', bads: ['%00'] },
  ];
  for (const { name, bads } of queries) {
    for (const bad of bads) {
      const target = `${base}?${name}=${bad}`;
      if (sample === undefined) probes.push({ label: `query ${name}=${bad}`, request: { method: method as 'GET', url: target } });
      else await withBody(`query ${name}=${bad}`, sample, target);
    }
  }
  if (sample === undefined) return probes;

  const places = bodyPaths(sample, shape.bodySchema);
  for (const { path, value } of places) {
    for (const bad of badValuesFor(value))
      await withBody(`body.${path.join('.')}=${JSON.stringify(bad)?.slice(0, 40)}`, setAt(sample, path, bad));
  }
  const firstText = places.find((place) => typeof place.value === 'string');
  if (firstText) await withBody(`body.${firstText.path.join('.')}=<1 MB text>`, setAt(sample, firstText.path, MEGABYTE_TEXT));
  if (places.length > 0) {
    const seed = SEED + [...`${method} ${url}`].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) | 0, 0);
    for (const [index, bad] of fc.sample(fc.tuple(fc.nat(), randomValue), { seed, numRuns: 8 })) {
      const { path } = places[index % places.length]!;
      await withBody(`random(seed ${seed}) body.${path.join('.')}=${JSON.stringify(bad)?.slice(0, 40)}`, setAt(sample, path, bad));
    }
  }
  for (const payload of prototypeBodies(sample)) raw(`proto ${payload.slice(0, 16)}`, 'application/json', payload);
  raw('oversized body', 'application/json', OVERSIZED_BODY);
  for (const payload of BAD_JSON_BODIES) raw(`json ${payload.slice(0, 12)}`, 'application/json', payload);
  raw('empty json', 'application/json', '');
  raw('text/plain', 'text/plain', JSON.stringify(sample));
  raw('form-urlencoded', 'application/x-www-form-urlencoded', 'nom=Kone');
  raw('xml', 'application/xml', '<a/>');
  raw('multipart without boundary', 'multipart/form-data', boundaryBody('abc'));
  raw('multipart wrong boundary', 'multipart/form-data; boundary=xyz', boundaryBody('abc'));
  raw('multipart truncated', 'multipart/form-data; boundary=abc', boundaryBody('abc', false).slice(0, -4));
  raw('multipart proto', 'multipart/form-data; boundary=abc', boundaryBody('abc').replace('name="nom"', 'name="__proto__"'));
  raw('multipart NUL name', 'multipart/form-data; boundary=abc', boundaryBody('abc').replace('name="nom"', 'name="n\u0000m"'));
  if (shape.bodyType === 'multipart') {
    probes.push({
      label: 'file named with NUL',
      request: { method: method as 'GET', url: base, ...(await encodeBody(shape, sample, 'a\u0000.png')) },
    });
  }
  return probes;
}

/** A fresh session of a user holding the route's permission (a session-ending route ends only its own). */
async function tokenFor(permission: keyof typeof PERMISSIONS): Promise<string> {
  const allowed: readonly RoleId[] = PERMISSIONS[permission];
  const role = allowed.includes(ROLE.director) ? ROLE.director : allowed[0]!;
  return signIn(t.app, role === ROLE.admin ? w.admin : w.a.users.get(role)!);
}

function refusalProblem(response: { statusCode: number; body: string }): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (response.statusCode < 400) return null;
  let body: { code?: unknown; message?: unknown; requestId?: unknown };
  try {
    body = JSON.parse(response.body) as typeof body;
  } catch {
    return `answered ${response.statusCode} without a JSON error body`;
  }
  if (!isErrorCode(body.code) || typeof body.message !== 'string' || body.message === '' || typeof body.requestId !== 'string') {
    return `answered ${response.statusCode} without { code, message, requestId }`;
  }
  // Translated: a sentence, not the code nor an untranslated key such as `validation.required`.
  if (body.message === body.code || /^[\w-]+(\.[\w-]+)+$/.test(body.message)) return `answered an untranslated message "${body.message}"`;
  if (LEAKS.some((leak) => leak.test(response.body))) return `leaked internals: ${response.body.slice(0, 200)}`;
  return null;
}

/** What an error answer must never show: a stack trace, SQL or a database error, a server path. */
const LEAKS = [
  /\bat [\w.<>]+ \(/,
  /node_modules|\/work\/|\/home\/|\/usr\/|[\w-]+\.(ts|js):\d+/,
  /\b(select|insert into|update|delete from)\b[^"]{0,80}\b(from|where|values|set)\b/i,
  /violates|duplicate key|relation "|syntax error at|SQLSTATE|drizzle/i,
];

let tablesSql: string | undefined;
/**
 * Row count and content hash of every table but the sessions (each route signs in afresh), the
 * idempotency keys and the request limits' counters (every request is counted, refused or not).
 */
async function databaseChecksum(): Promise<string> {
  if (!tablesSql) {
    const tables = rowsOf(
      await t.db.execute(sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'idempotency_keys', 'rate_limit_counters')`),
    ).map((row) => String(row.name));
    tablesSql = tables
      .map((name) => `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as sum from "${name}" x`)
      .join(' union all ');
  }
  return JSON.stringify(rowsOf(await t.db.execute(sql.raw(tablesSql))));
}

/** The next transaction id: it moves only when a transaction writes (or began to). */
async function nextTransactionId(): Promise<string> {
  return String(rowsOf(await t.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0]!.x);
}

const rowsOf = (result: unknown) => ((result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[]));

describe('route fuzz', () => {
  it('answers every bad input on every route with a 4xx in the error shape, never a 5xx', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    let writeRefusalsChecked = 0;
    // Deletions last: a bad input a route accepts must not take away the records later routes name.
    const routes = [...t.app.routeTable].sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    for (const route of routes) {
      const shape = routeShape(spec, route.method, route.url);
      const token = route.public ? null : await tokenFor(route.permission!);
      const writes = route.method !== 'GET' && route.method !== 'HEAD';
      let before = writes ? await databaseChecksum() : '';
      let xmax = writes ? await nextTransactionId() : '';
      for (const { label, request } of await probesFor(route.method, route.url, shape)) {
        const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...request.headers };
        const response = await t.app.inject({ ...request, headers });
        sent++;
        const problem = refusalProblem(response);
        if (problem)
          failures.push(`${route.method} ${route.url} [${label.slice(0, 60)}] ${problem}: ${response.body.slice(0, 160)}`);
        if (!writes) continue;
        if (response.statusCode >= 400) writeRefusalsChecked++;
        // No transaction id taken since the last look: nothing can have been written (cheap).
        const x = await nextTransactionId();
        if (x === xmax) continue;
        xmax = x;
        // A refused write wrote nothing (it rolls back all it began); an accepted one moves the baseline.
        const after = await databaseChecksum();
        if (response.statusCode >= 400 && after !== before) {
          failures.push(`${route.method} ${route.url} [${label.slice(0, 60)}] answered ${response.statusCode} but wrote`);
        }
        before = after;
      }
    }
    expect(sent).toBeGreaterThan(t.app.routeTable.length * 10);
    expect(writeRefusalsChecked).toBeGreaterThan(1000);
    if (process.env.FUZZ_REPORT) (await import('node:fs')).writeFileSync(process.env.FUZZ_REPORT, failures.join('\n'));
    expect(failures.slice(0, 40), `${failures.length} failures`).toEqual([]);
  });
});
