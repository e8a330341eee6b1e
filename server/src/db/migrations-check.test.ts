import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { migrationsUpToDate } from './client.js';

// The start-up check that skips drizzle's migrator (reading and hashing every migration file)
// when the database already has the journal's last migration.
describe('the migrations check at start-up', () => {
  it('says yes on a migrated database, and no once its newest migration is missing', async () => {
    const database = await openTestDatabase();
    try {
      expect(await migrationsUpToDate(database.db)).toBe(true);
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await migrationsUpToDate(database.db)).toBe(false);
      // No migrations table at all (a new database: the migrator runs, as the test setup's does).
      await database.db.execute(sql`drop schema drizzle cascade`);
      expect(await migrationsUpToDate(database.db)).toBe(false);
    } finally {
      await database.close();
    }
  });
});
