// The server's Content-Security-Policy allows no eval: zod must not even probe `new Function` (the
// caught probe is still reported as a CSP violation); its non-compiled parsers are as exact. zod
// keeps its configuration on `globalThis.__zod_globalConfig` (made when zod first loads, kept if
// already there, so that copies of zod share it). Set here before zod loads, without importing
// zod: the entry of the first screen carries no zod at all (issue 20, Speed). zod-jitless.test.ts
// checks that zod still reads it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
export {};
