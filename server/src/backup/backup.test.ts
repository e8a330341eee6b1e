import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { paymentBody } from '@app/common/contracts/payments';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, openPglite, openPostgres, PGLITE_EXTENSIONS, type Database, type Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { setArticleImage } from '../features/articles/article-image.service.js';
import { readFile } from '../features/files/files.service.js';
import { createPayment } from '../features/sales/pay.service.js';
import { createTestInvoice } from '../test/cash-factories.js';
import { actorOf, createDirector } from '../test/factories.js';
import { pngImage } from '../test/images.js';
import { holdLockInChild } from '../test/lock-holder.js';
import { createArticle } from '../test/trading-factories.js';
import { createBackup, restoreBackup } from './backup.js';
import type { Manifest } from './manifest.js';

/**
 * `npm run backup` / `npm run restore` on the backend of this run (PGlite by default, PostgreSQL
 * with TEST_DATABASE_URL; CI runs both): a database filled through the services is backed up,
 * restored into a new one and compared table by table (every table of the catalog, so a new
 * table is covered) and sequence by sequence; the uploaded image byte for byte. Then the refusals:
 * a database that holds data without --force, a truncated, altered or tampered file, another
 * backend, and an embedded database the server has open.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
type Target = { dataDir: string; databaseUrl: string | undefined };
type Side = { config: Target; open: () => Promise<Database> };

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-backup-test-'));
const cleanups: (() => Promise<void>)[] = [async () => fs.rm(work, { recursive: true, force: true })];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let sides = 0;
/** A PGlite folder (a copy of the migrated template, or nothing) or a PostgreSQL database (the template's copy, or empty). */
async function makeSide(migrated: boolean, fill?: (db: Db) => Promise<void>): Promise<Side> {
  const dataDir = path.join(work, `side-${++sides}`);
  await fs.mkdir(dataDir);
  if (!adminUrl) {
    if (migrated) {
      const template = await fs.readFile(inject('pgliteTemplate'));
      const client = await PGlite.create({
        dataDir: path.join(dataDir, 'pglite'),
        loadDataDir: new Blob([template]),
        extensions: PGLITE_EXTENSIONS,
      });
      try {
        await fill?.((await openPglite(undefined, client)).db);
      } finally {
        await client.close();
      }
    }
    const config = { dataDir, databaseUrl: undefined };
    return { config, open: () => openDatabase(config) };
  }
  const name = `boutiko_backup_${process.pid}_${Date.now()}_${sides}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(migrated ? `create database ${name} template ${inject('postgresTemplate')}` : `create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = { dataDir, databaseUrl: url.toString() };
  const side = { config, open: () => openPostgres(config.databaseUrl) };
  if (fill) await withDatabase(side, fill);
  return side;
}

async function withDatabase<T>(side: Side, use: (db: Db) => Promise<T>): Promise<T> {
  const database = await side.open();
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** Every row of every table (from the catalog) as JSON text, sorted, and every sequence's position. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`),
  );
  const result: Record<string, string[]> = {};
  for (const { schema, name } of tables) {
    const table = sql.raw(`"${schema}"."${name}"`);
    result[`${schema}.${name}`] = rowsOf<{ row: string }>(
      await db.execute(sql`select to_jsonb(t)::text as row from ${table} t order by 1`),
    ).map((r) => r.row);
  }
  result['(sequences)'] = rowsOf<{ name: string; last: string | null }>(
    await db.execute(
      sql`select schemaname || '.' || sequencename as name, last_value::text as last from pg_sequences order by 1`,
    ),
  ).map((s) => `${s.name}=${s.last}`);
  return result;
}

async function storedFiles(db: Db, actor: Awaited<ReturnType<typeof actorOf>>): Promise<Map<number, Buffer>> {
  const ids = rowsOf<{ id: number }>(await db.execute(sql`select id from files order by id`));
  const files = new Map<number, Buffer>();
  for (const { id } of ids) files.set(id, Buffer.from((await readFile(db, actor, id)).bytes));
  return files;
}

describe(`backup and restore (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, { timeout: 120_000 }, () => {
  let source: Side;
  let target: Side;
  let backupFile: string;
  let expected: Record<string, string[]>;
  let expectedFiles: Map<number, Buffer>;
  let directorId: number;

  beforeAll(async () => {
    source = await makeSide(true, async (db) => {
      const { director, depots } = await createDirector(db);
      directorId = director.id;
      const actor = await actorOf(db, director.id);
      const article = await createArticle(db, depots[0]!, {
        designation: 'Café crème « spécial » ☕',
        prix: 2_500,
        quantite: 40,
      });
      await createArticle(db, depots[0]!, { prix: 1_000, quantite: 7, stockMin: 2 });
      const invoice = await createTestInvoice(db, depots[0]!, { totalFcfa: 15_000 });
      await createPayment(db, actor, paymentBody.parse({ facture: invoice.id, montantPaye: 15_000 }), 'backup-test-key', 'fr');
      const image = await pngImage(40, 30);
      await setArticleImage(db, actor, article.id, {
        filename: 'photo.png',
        mimetype: 'image/png',
        buffer: image,
        size: image.length,
      });
      expected = await snapshot(db);
      expectedFiles = await storedFiles(db, actor);
    });
    // The backup runs while the source is open on PostgreSQL (pg_dump reads a snapshot), closed on PGlite.
    const database = adminUrl ? await source.open() : undefined;
    try {
      ({ file: backupFile } = await createBackup(source.config, path.join(work, 'backups') + path.sep));
    } finally {
      await database?.close();
    }
    target = await makeSide(false);
  });

  it('writes one dated .tar.gz with the manifest and the dump', async () => {
    expect(path.basename(backupFile)).toMatch(/^boutiko-(pglite|postgres)-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    const entries: string[] = [];
    await tar.list({ file: backupFile, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toEqual(['manifest.json', adminUrl ? 'database.sql' : 'database.tar']);
    expect(expected['public.invoices']).toHaveLength(1);
    expect(expected['public.payments']).toHaveLength(1);
    expect(expected['public.files']).toHaveLength(1);
    expect(expected['public.stock_movements']!.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(expected).length).toBeGreaterThan(30);
  });

  it('restores into an empty database: every table, sequence and uploaded file as saved', async () => {
    const { manifest } = await restoreBackup(target.config, backupFile, { force: false });
    expect(manifest).toMatchObject({ backend: adminUrl ? 'postgres' : 'pglite', uploadedFiles: { count: 1 } });
    expect(manifest.migrations.count).toBeGreaterThan(0);
    await withDatabase(target, async (db) => {
      expect(await snapshot(db)).toEqual(expected);
      const restored = await storedFiles(db, await actorOf(db, directorId));
      expect([...restored.keys()]).toEqual([...expectedFiles.keys()]);
      for (const [id, bytes] of expectedFiles) expect(restored.get(id)!.equals(bytes)).toBe(true);
    });
  });

  it('refuses to replace a database that holds data without --force, and replaces it with --force', async () => {
    await withDatabase(target, (db) => db.execute(sql`create table stray (x int)`));
    const before = await fs.readdir(target.config.dataDir);
    await expect(restoreBackup(target.config, backupFile, { force: false })).rejects.toThrow(/is not empty.*--force/);
    expect(await fs.readdir(target.config.dataDir)).toEqual(before);
    // (A PGlite restart costs seconds: the stray table of the PGlite folder is looked for in the replaced folder below.)
    if (adminUrl)
      await withDatabase(target, async (db) =>
        expect(rowsOf(await db.execute(sql`select to_regclass('stray') as t`))).toEqual([{ t: 'stray' }]),
      );

    const { replaced } = await restoreBackup(target.config, backupFile, { force: true });
    await withDatabase(target, async (db) => expect(await snapshot(db)).toEqual(expected));
    if (!adminUrl) {
      // The replaced PGlite folder is kept beside the new one, stray table included.
      expect(replaced).toMatch(/pglite\.replaced-/);
      const kept = await PGlite.create({ dataDir: replaced!, extensions: PGLITE_EXTENSIONS });
      try {
        expect((await kept.query(`select to_regclass('stray') as t`)).rows).toEqual([{ t: 'stray' }]);
      } finally {
        await kept.close();
      }
    }
  });

  it('refuses a truncated, altered or tampered file with a clear message and leaves the database as it was', async () => {
    const bytes = await fs.readFile(backupFile);
    const truncated = path.join(work, 'truncated.tar.gz');
    await fs.writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const altered = path.join(work, 'altered.tar.gz');
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    await fs.writeFile(altered, flipped);
    // A well-formed archive whose dump was changed after its manifest was written.
    const unpacked = path.join(work, 'tampered');
    await fs.mkdir(unpacked);
    await tar.extract({ file: backupFile, cwd: unpacked });
    const dump = path.join(unpacked, adminUrl ? 'database.sql' : 'database.tar');
    await fs.appendFile(dump, '\n-- tampered\n');
    const tampered = path.join(work, 'tampered.tar.gz');
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, ['manifest.json', path.basename(dump)]);
    const notABackup = path.join(work, 'notes.txt');
    await fs.writeFile(notABackup, 'hello');

    const before = await fs.readdir(target.config.dataDir);
    for (const file of [truncated, altered, notABackup])
      await expect(restoreBackup(target.config, file, { force: true })).rejects.toThrow(/is not a readable Boutiko backup/);
    await expect(restoreBackup(target.config, tampered, { force: true })).rejects.toThrow(/does not match its checksum/);
    await expect(restoreBackup(target.config, path.join(work, 'missing.tar.gz'), { force: true })).rejects.toThrow(
      /no such backup file/,
    );
    expect(await fs.readdir(target.config.dataDir)).toEqual(before);
    await withDatabase(target, async (db) => expect(await snapshot(db)).toEqual(expected));
  });

  it('refuses a backup made by a newer Boutiko (a migration this code does not know)', async () => {
    const unpacked = path.join(work, 'newer');
    await fs.mkdir(unpacked);
    await tar.extract({ file: backupFile, cwd: unpacked });
    const manifest = JSON.parse(await fs.readFile(path.join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
    manifest.migrations = { count: manifest.migrations.count + 1, latest: '9999_from_the_future' };
    await fs.writeFile(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const newer = path.join(work, 'newer.tar.gz');
    await tar.create({ gzip: true, file: newer, cwd: unpacked }, ['manifest.json', manifest.database.file]);
    await expect(restoreBackup(target.config, newer, { force: true })).rejects.toThrow(
      /comes from a newer Boutiko: its database is at migration 9999_from_the_future.*Update Boutiko/,
    );
  });

  it('refuses a backup of the other kind of database', async () => {
    const other: Target = adminUrl
      ? { dataDir: path.join(work, 'elsewhere'), databaseUrl: undefined }
      : { dataDir: path.join(work, 'elsewhere'), databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restoreBackup(other, backupFile, { force: true })).rejects.toThrow(/but the configured database is/);
  });

  it('refuses to back up or restore an embedded database while the server has it open', async () => {
    // Another process holds the lock openPglite takes for the server (db/folder-lock.test.ts checks
    // that it does), on a folder of its own so that this runs on both backends.
    const dataDir = path.join(work, 'busy');
    await fs.mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'pglite', 'PG_VERSION'), '18\n');
    const config: Target = { dataDir, databaseUrl: undefined };
    const server = await holdLockInChild(path.join(dataDir, 'pglite'));
    try {
      await expect(createBackup(config, path.join(work, 'backups') + path.sep)).rejects.toThrow(
        /Stop the Boutiko server before you back up .* in use by process \d+ \(Boutiko server/,
      );
      if (!adminUrl)
        await expect(restoreBackup(config, backupFile, { force: true })).rejects.toThrow(
          /Stop the Boutiko server before you restore/,
        );
    } finally {
      await server.stop();
    }
    expect(await fs.readdir(path.join(dataDir, 'pglite'))).toEqual(['PG_VERSION']);
  });
});
