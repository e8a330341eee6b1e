/**
 * Bad inputs for the route-fuzz test, derived from each route's OpenAPI description (the zod
 * schemas as @fastify/swagger publishes them) and its sample body, so that a new route is
 * covered without editing the test.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  format?: string;
  $ref?: string;
};

type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

export type OpenApi = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type RouteShape = {
  pathParams: string[];
  queryParams: string[];
  /** How the body travels, or null for a route without one. */
  bodyType: 'json' | 'multipart' | null;
  bodySchema: JsonSchema | undefined;
};

export function routeShape(spec: OpenApi, method: string, url: string): RouteShape {
  const operation = spec.paths?.[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  const parameters = operation?.parameters ?? [];
  const content = operation?.requestBody?.content ?? {};
  const bodyType = content['multipart/form-data'] ? 'multipart' : content['application/json'] ? 'json' : null;
  const raw = bodyType === 'multipart' ? content['multipart/form-data']?.schema : content['application/json']?.schema;
  return {
    pathParams: [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!),
    queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
    bodyType,
    bodySchema: raw ? resolve(spec, raw) : undefined,
  };
}

function resolve(spec: OpenApi, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 20) return {};
  const ref = schema.$ref?.replace('#/components/schemas/', '');
  const base = ref ? (spec.components?.schemas?.[ref] ?? {}) : schema;
  const properties = base.properties
    ? Object.fromEntries(Object.entries(base.properties).map(([key, value]) => [key, resolve(spec, value, depth + 1)]))
    : undefined;
  const options = (base.anyOf ?? base.oneOf ?? base.allOf)?.map((option) => resolve(spec, option, depth + 1));
  return {
    ...base,
    ...(properties ? { properties } : {}),
    ...(base.items ? { items: resolve(spec, base.items, depth + 1) } : {}),
    ...(options ? { anyOf: options, oneOf: undefined, allOf: undefined } : {}),
  };
}

/** A plausible value for a schema, for routes without a sample body. */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'text';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return sampleOf(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleOf(value)]));
  }
  if (type === 'array') return [sampleOf(schema.items)];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (schema.format === 'email') return 'fuzz@example.test';
  return 'text';
}

type Path = (string | number)[];

/** Every place of a body: the sample's own values and the fields its schema declares. */
export function bodyPaths(sample: unknown, schema: JsonSchema | undefined): { path: Path; value: unknown }[] {
  const found = new Map<string, { path: Path; value: unknown }>();
  const visit = (value: unknown, node: JsonSchema | undefined, path: Path, depth: number) => {
    if (depth > 8) return;
    if (path.length > 0) found.set(JSON.stringify(path), { path, value });
    const options = node?.anyOf ?? [];
    const properties = { ...Object.assign({}, ...options.map((o) => o.properties ?? {})), ...node?.properties } as Record<
      string,
      JsonSchema
    >;
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, node?.items, [...path, index], depth + 1));
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const key of new Set([...Object.keys(value), ...Object.keys(properties)])) {
        visit((value as Record<string, unknown>)[key], properties[key], [...path, key], depth + 1);
      }
    } else if (value === undefined && node) {
      visit(sampleOf(node), node, path, depth);
    }
  };
  visit(sample, schema, [], 0);
  return [...found.values()];
}

export function setAt(body: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(body)) return body.map((item, index) => (index === head ? setAt(item, rest, value) : item));
  const copy: Record<string, unknown> = { ...(body as object) };
  copy[String(head)] = setAt(copy[String(head)], rest, value);
  return copy;
}

const NUL_TEXTS = ['\u0000', 'a\u0000b'];
const OUT_OF_RANGE = [2_147_483_648, -1];
/** Texts that must be stored as sent or refused: empty, control characters, bidi override, emoji, combining marks. */
const ODD_TEXTS = ['', ' ', '\u0007\u001b[31m\r\n', '\u202Eevil.exe', '\u{1F600}\u{1F1E8}\u{1F1EE}', 'e\u0301\u200B', "'; drop table users; --"];
/** A text of a megabyte (just under the body limit), in each route's first text field: refused by its maximum, never a 5xx. */
export const MEGABYTE_TEXT = 'x'.repeat(1_000_000);
const HUGE_NUMBERS = [-9_007_199_254_740_991, 2 ** 53 + 2, -1e308, -0.5];

/** Wrong values for one place of a body, chosen by what the place holds. */
export function badValuesFor(value: unknown): unknown[] {
  if (typeof value === 'string') return [...NUL_TEXTS, '\ud800', ...ODD_TEXTS, 12, null, [], {}];
  if (typeof value === 'number') return [...OUT_OF_RANGE, ...HUGE_NUMBERS, 1.5, 1e308, String(value), '\u0000', null, [], {}];
  if (typeof value === 'boolean') return ['true', 0, null];
  if (Array.isArray(value)) return [{}, 'x', [null], ['\u0000'], OUT_OF_RANGE, [{}]];
  if (Buffer.isBuffer(value)) return ['\u0000', Buffer.from('\u0000<html><script>alert(1)</script>'), Buffer.alloc(0)];
  if (value !== null && typeof value === 'object') return [[], 'x', null, {}, { '\u0000': 1 }, { idBoutique: 2_147_483_648 }];
  return [...NUL_TEXTS, ...OUT_OF_RANGE, [], {}];
}

/**
 * Wrong values for a path or query parameter, already percent-encoded: NUL, ids out of the
 * int4 range, not a number, a lone surrogate and a broken escape (not UTF-8), a long text.
 */
export const BAD_PARAMS = ['%00', 'a%00b', '2147483648', '-1', '0', '1.5', 'abc', '%ED%A0%80', '%E0%A4%A', 'x'.repeat(300)];

/** A body over the 1 MB limit: 413 in the error shape. */
export const OVERSIZED_BODY = JSON.stringify({ padding: 'x'.repeat(1_100_000) });

/** The sample body with a `__proto__` (or `constructor.prototype`) key: prototype pollution attempts. */
export function prototypeBodies(sample: unknown): string[] {
  const inner = sample !== null && typeof sample === 'object' && !Array.isArray(sample) ? JSON.stringify(sample).slice(1, -1) : '';
  const join = inner ? `,${inner}` : '';
  return [`{"__proto__":{"isAdmin":true,"role":[1]}${join}}`, `{"constructor":{"prototype":{"isAdmin":true}}${join}}`];
}

/** Whole bodies that are not the object a route expects. */
export const BAD_JSON_BODIES = [
  '[]',
  '"x"',
  'null',
  '2147483648',
  '{"a":',
  '{',
  '{"\\u0000":1}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];
