import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';

/** What the route-table walk needs from tenant A's world to name its records. */
export type SampleWorld = {
  marker: string;
  a: { shop: { id: number; nom: string }; depot: { id: number; libelle: string }; director: { id: number } };
  /** Values of path parameters, by name, pointing at tenant A's records. */
  values: Record<string, string | number>;
};

/**
 * A feature's samples for the route-table tests, in `features/<feature>/<feature>.samples.ts`
 * (found without editing the tests): tenant A's records its routes name, the path parameters
 * that name them, and a valid body for each of its routes that takes one.
 */
export type FeatureSamples = {
  /** Creates tenant A's records; returns path parameter values by name (e.g. `{ idArticle: 12 }`). */
  setup?: (t: { app: FastifyInstance; db: Db; world: SampleWorld }) => Promise<Record<string, string | number>>;
  /** Parameters naming a record of tenant A: a user of tenant B must get 403 or 404. */
  recordParams?: string[];
  /** `METHOD url` → a valid body (valid, so that a cross-tenant call reaches the service's own checks). */
  bodies?: Record<string, (world: SampleWorld) => unknown>;
};

const FEATURES = path.resolve(import.meta.dirname, '../features');

/** Every `*.samples.ts` of the features, loaded once. */
export const featureSamples: FeatureSamples[] = await Promise.all(
  fs
    .readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.samples.ts'))
    .sort()
    .map(async (file) => ((await import(pathToFileURL(path.join(FEATURES, file)).href)) as { samples: FeatureSamples }).samples),
);
