// `npm run verify:documents [-- SHOP_ID]` (README, "Legal documents"): checks the hash chains of
// every shop's issued documents (or one shop's), on the database the server uses, and names the
// first broken link of each shop. Exit code 0 when every chain holds, 1 otherwise, 2 on bad usage.
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { controlShops } from './issued-documents.service.js';

const USAGE = 'Usage: npm run verify:documents [-- SHOP_ID]';

async function main(argv: string[]): Promise<void> {
  const [arg, ...extra] = argv;
  const shopId = arg === undefined ? undefined : Number(arg);
  if (extra.length > 0 || (shopId !== undefined && (!Number.isSafeInteger(shopId) || shopId <= 0))) {
    console.log(USAGE);
    process.exitCode = 2;
    return;
  }
  const database = await openDatabase(loadConfig(), 'verify-documents');
  try {
    // As the server does at start: a database one version behind is brought up to date first.
    await database.migrate();
    const results = await controlShops(database.db, shopId);
    let broken = 0;
    for (const { shopId: id, result } of results) {
      if (result.ok) {
        console.log(`shop ${id}: ${result.documents} documents, every chain holds`);
        continue;
      }
      broken += 1;
      const f = result.premierDefaut!;
      console.log(`shop ${id}: BROKEN — series ${f.serie}, link ${f.sequence}${f.numero ? ` (${f.numero})` : ''}: ${f.raison}`);
    }
    if (results.length === 0) console.log('no issued document');
    process.exitCode = broken > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

await main(process.argv.slice(2));
