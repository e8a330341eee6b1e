import { existsAnswer } from '@app/common/contracts/clients';
import { pageOf } from '@app/common/contracts/paging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { as, createTestApp, type TestApp } from './app.js';

/**
 * The runner of the seed-call tests (`features/seed-NNN-calls.test.ts`): every call a seed's
 * §7 lists, as the seed writes it, checked against the running server: it is registered, an
 * allowed caller gets the seed's answer (status and body shape) and a disallowed one is refused.
 */

export type SeedRequest = { url: string; payload?: unknown };

/** `Who` names a caller of the test's world (a token, or null for anonymous); `Owner` the features that build calls. */
export type SeedCall<Who extends string, Owner extends string = string> = {
  /** Method and path as the seed writes them. */
  call: string;
  /** The feature that builds the call; `other`: checked only once some feature registers it. */
  owner: Owner | 'other';
  /** Who may call it, and the answer they get. Omitted: only presence and refusal are checked. */
  allowed?: { who: Who; status: number; body?: z.ZodType | ((body: unknown) => void) };
  /** Who may not, and the refusal (401 without a token, 403 without the role or the shop). */
  denied?: { who: Who; status: number };
  /** The concrete request; default: the path with the world's values. */
  request?: () => SeedRequest;
};

/** Body checks: a first page of `item` rows, a non-empty list, a 0/1 existence answer. */
export const page =
  <T extends z.ZodType>(item: T, check?: (rows: z.infer<T>[]) => void) =>
  (body: unknown) => {
    const parsed = pageOf(item).parse(body);
    expect(parsed.current_page).toBe(1);
    check?.(parsed.data);
  };
export const nonEmptyList =
  <T extends z.ZodType>(item: T) =>
  (body: unknown) =>
    expect(z.array(item).min(1).parse(body).length).toBeGreaterThan(0);
export const answers = (value: 0 | 1) => (body: unknown) => expect(existsAnswer.parse(body)).toBe(value);

/** A value no other test run shares. */
export const unique = () => Date.now().toString(36) + Math.floor(Math.random() * 1e4).toString(36);

/** `/api/x/{id}` and `/api/x/:idBoutique` both become `/api/x/:`. */
const routeKey = (method: string, path: string) => `${method} ${path.replace(/\{[^}]+\}|:\w+/g, ':')}`;

/**
 * Declares the tests of one seed's calls. `setup` builds the world once (the calls' `request`
 * functions read it once it exists) and answers the callers' tokens and the values that fill
 * the paths of calls without a `request`.
 */
export function describeSeedCalls<Who extends string, Owner extends string>(
  title: string,
  calls: SeedCall<Who, Owner>[],
  setup: (t: TestApp) => Promise<{ tokens: Map<Who, string | null>; pathValues: Record<string, string | number> }>,
): void {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof setup>>;

  function defaultRequest(call: SeedCall<Who, Owner>): SeedRequest {
    const [, path] = call.call.split(' ') as [string, string];
    return {
      url: path.replace(/\{(\w+)\}/g, (_, name: string) => {
        if (!(name in world.pathValues)) throw new Error(`seed-calls test: give ${call.call} a request`);
        return String(world.pathValues[name]);
      }),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    world = await setup(t);
  });
  afterAll(() => t.close());

  describe(title, () => {
    it('are all registered, save the ones other features have not built yet', () => {
      const registered = new Set(t.app.routeTable.map((r) => routeKey(r.method, r.url)));
      const missing = calls
        .filter((c) => c.owner !== 'other')
        .map((c) => c.call)
        .filter((call) => !registered.has(routeKey(...(call.split(' ') as [string, string]))));
      expect(missing).toEqual([]);
    });

    for (const seedCall of calls) {
      it(`${seedCall.call}${seedCall.owner === 'other' ? ' (when registered)' : ''}`, async () => {
        const [method, path] = seedCall.call.split(' ') as [string, string];
        const route = t.app.routeTable.find((r) => routeKey(r.method, r.url) === routeKey(method, path));
        if (!route) {
          expect(seedCall.owner).toBe('other');
          return;
        }
        expect(route.public, 'public exactly when nobody is refused').toBe(seedCall.denied === undefined);
        const request = (seedCall.request ?? (() => defaultRequest(seedCall)))();
        const send = (who: Who) =>
          as(
            t.app,
            world.tokens.get(who) ?? null,
          )({
            method: method as 'GET',
            url: request.url,
            ...(request.payload === undefined ? {} : { payload: request.payload as object }),
          });

        // The refusal first, so that it meets the records before the allowed call changes them.
        if (seedCall.denied) {
          const refused = await send(seedCall.denied.who);
          expect(refused.statusCode, `${seedCall.denied.who}: ${refused.body}`).toBe(seedCall.denied.status);
          expect(refused.json().code).toBeTruthy();
        }
        if (seedCall.allowed) {
          const answered = await send(seedCall.allowed.who);
          expect(answered.statusCode, answered.body).toBe(seedCall.allowed.status);
          const { body } = seedCall.allowed;
          if (typeof body === 'function') body(answered.json());
          else if (body) body.parse(answered.json());
        }
      });
    }
  });
}
