import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, PGLITE_EXTENSIONS } from '../db/client.js';
import { MEMORY_START_PARAMS } from '../db/durable-pglite.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database per run: a PGlite data folder dumped to a tarball (each test
 * file loads a copy in under a second instead of a ~5 s initdb), or, when TEST_DATABASE_URL is
 * set, a PostgreSQL template database that each test file copies with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `boutiko_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    await database.migrate();
    await database.close();
    await admin.query(`alter database ${name} is_template true`);
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`alter database ${name} is_template false`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-tpl-'));
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, startParams: MEMORY_START_PARAMS });
  const database = await openPglite(undefined, client);
  await database.migrate();
  const dump = await client.dumpDataDir('gzip');
  const file = path.join(dir, 'template.tar.gz');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
