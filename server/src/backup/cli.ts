// `npm run backup [-- FILE|FOLDER]` and `npm run restore -- FILE [--force]` (README, Backups), on
// the database the server uses: DATABASE_URL's PostgreSQL, else the PGlite folder under DATA_DIR.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createBackup, restoreBackup } from './backup.js';
import { BackupError } from './manifest.js';

const USAGE = `Usage:
  npm run backup [-- FILE.tar.gz | FOLDER]   back up the database (default: a dated file in ./backups)
  npm run restore -- FILE.tar.gz [--force]    restore a backup; --force replaces a database that holds data`;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  });
  const [command, file, ...extra] = positionals;
  if (values.help || (command !== 'backup' && command !== 'restore') || extra.length > 0 || (command === 'restore' && !file)) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  // npm runs scripts from the project root; a path is meant from where the command was typed.
  const from = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig();
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${path.join(config.dataDir, 'pglite')}`;

  if (command === 'backup') {
    const { file: written, manifest } = await createBackup(config, file === undefined ? undefined : path.resolve(from, file));
    console.log(
      `Backed up ${where} to ${written}\n` +
        `  migrations: ${manifest.migrations.count} (latest ${manifest.migrations.latest}); uploaded files: ${manifest.uploadedFiles.count} ` +
        `(${megabytes(manifest.uploadedFiles.bytes)}); dump: ${megabytes(manifest.database.bytes)} before compression.`,
    );
    return;
  }
  const { manifest, replaced } = await restoreBackup(config, path.resolve(from, file!), { force: values.force });
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${where}: ${manifest.uploadedFiles.count} uploaded files, ` +
      `migrations up to ${manifest.migrations.latest}.` +
      (replaced ? `\nThe previous database was moved to ${replaced}; delete it once you have checked the restore.` : '') +
      '\nStart the server: it applies any newer migration at start.',
  );
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof BackupError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`Error: ${(error as Error).message}`);
    if (!(error instanceof BackupError)) console.error(USAGE);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
