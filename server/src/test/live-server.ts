import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * What the tests that run the real server as a child process share (the resilience tests, the
 * cluster test): the process itself, its environment, a small HTTP client, a fresh database on
 * either backend, and a director's shop stocked through the API.
 */

const serverDir = path.resolve(import.meta.dirname, '../..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Work to undo after a test, in reverse order. */
export type Cleanups = (() => Promise<unknown>)[];

export async function runCleanups(cleanups: Cleanups): Promise<void> {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
}

/** A child process whose output is kept (the last 20 kB) for the failure message. */
export class Child {
  private child: ChildProcess | undefined;
  output = '';
  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  start(): void {
    this.child = spawn(this.command, this.args, { cwd: serverDir, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}

/** The app server as `npm start` runs it, from the TypeScript sources, listening on `port`. */
export class AppServer extends Child {
  constructor(
    name: string,
    readonly port: number,
    env: NodeJS.ProcessEnv,
  ) {
    super(name, process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], { ...env, PORT: String(port) });
  }

  /** Waits until /api/health answers; fails with the server's output if it exits or takes too long. */
  async ready(timeoutMs = 90_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until && this.running) {
      try {
        if ((await fetch(`http://127.0.0.1:${this.port}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`${this.name} did not start:\n${this.output}`);
  }
}

export const ADMIN = { username: 'admin', password: 'Admin1234' };

/**
 * The environment of a server under test: the platform admin above, no mail, the per-user write
 * limit lifted (several clients of one user sell as fast as they can), a stand-in web app (the API
 * is what is under test; it spares a build), and a key claimed by a request that died with a
 * killed server retried a second later.
 */
export function liveServerEnv(env: NodeJS.ProcessEnv, publicUrl: string, webDist: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...env,
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    SIGNIN_RATE_LIMIT: '1000',
    WRITE_RATE_LIMIT: '1000000',
    IDEMPOTENCY_STALE_SECONDS: '1',
    SMTP_URL: '',
    WEB_DIST: webDist,
    ...extra,
  };
}

/** A folder holding a stand-in index.html, removed by the cleanups. */
export async function standInWebApp(cleanups: Cleanups): Promise<string> {
  const dir = await tempDir('boutiko-web-', cleanups);
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Boutiko</title>');
  return dir;
}

export async function tempDir(prefix: string, cleanups: Cleanups): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new PostgreSQL database, dropped (with its connections) by the cleanups; its URL. */
export async function freshPgDatabase(prefix: string, cleanups: Cleanups): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The server's environment on one backend: PGlite in a new folder, or a new PostgreSQL database
 * (its DATA_DIR still a new folder, for uploads). `databaseUrl` is undefined on PGlite.
 */
export async function backendEnv(backend: 'pglite' | 'postgres', prefix: string, cleanups: Cleanups) {
  const dataDir = await tempDir(`boutiko-${prefix}-`, cleanups);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const databaseUrl = backend === 'postgres' ? await freshPgDatabase(`boutiko_${prefix}`, cleanups) : undefined;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return { env, dataDir, databaseUrl };
}

export type Json = Record<string, unknown>;
export type Answer = { status: number; json: Json };

/**
 * JSON over HTTP to `base`. `call` answers whatever came (a body that is not JSON, such as
 * HAProxy's error pages, gives {}); `ok` throws on any status >= 300. `onStatus` sees every status.
 */
export function apiClient(base: string, options: { timeoutMs?: number; onStatus?: (status: number) => void } = {}) {
  const call = async (method: string, url: string, token: string | null, body?: unknown, key?: string): Promise<Answer> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = key;
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
    });
    const text = await response.text();
    options.onStatus?.(response.status);
    let json: Json = {};
    try {
      json = text ? (JSON.parse(text) as Json) : {};
    } catch {
      // not JSON
    }
    return { status: response.status, json };
  };
  const ok = async (method: string, url: string, token: string | null, body?: unknown): Promise<Json> => {
    const answer = await call(method, url, token, body);
    if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  };
  const signin = async (username: string, password: string) =>
    (await ok('POST', '/api/auth/signin', null, { username, password })) as { accessToken: string; user: { boutiques: { idBoutique: number }[] } };
  return { call, ok, signin };
}

export type ApiClient = ReturnType<typeof apiClient>;

/**
 * A director signed up by the platform admin, with one shop, one depot and `prices.length`
 * articles holding `stock` units each, all through the API; `sessions` sign-ins of the director.
 */
export async function stockedShop(api: ApiClient, options: { name: string; prices: number[]; stock: number; sessions?: number }) {
  const admin = await api.signin(ADMIN.username, ADMIN.password);
  const username = `${options.name.toLowerCase().replace(/[^a-z]+/g, '.')}.${Date.now().toString(36)}`;
  const password = 'Baobab2026';
  await api.ok('POST', '/api/users_directeur', admin.accessToken, {
    username,
    nom: 'Kone',
    prenom: 'Awa',
    email: `${username}@example.test`,
    nomBoutque: `Boutique ${options.name}`,
    adresse: 'Abidjan',
    tel: '21223344',
    password,
    ligne: { abonnement: 3, annees: 1 },
  });
  const sessions: Awaited<ReturnType<ApiClient['signin']>>[] = [];
  for (let i = 0; i < (options.sessions ?? 1); i++) sessions.push(await api.signin(username, password));
  const token = sessions[0]!.accessToken;
  const shopId = sessions[0]!.user.boutiques[0]!.idBoutique;
  const depot = (await api.ok('POST', '/api/depots', token, { libelle: 'Magasin', boutique: { idBoutique: shopId } })) as { idDepot: number };
  const articles: { id: number; price: number }[] = [];
  for (const [i, price] of options.prices.entries()) {
    const article = await api.ok('POST', '/api/articles_all', token, {
      boutique: { idBoutique: shopId },
      depot: depot.idDepot,
      designation: `Article ${i}`,
      prix: price,
      prixAchat: 300,
      stockMin: 0,
      quantite: options.stock,
      categorie: 0,
      fournisseur: 0,
      description: '',
    });
    articles.push({ id: article.idArticle as number, price });
  }
  return { username, password, tokens: sessions.map((s) => s.accessToken), shopId, depotId: depot.idDepot, articles };
}
