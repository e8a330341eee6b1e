// The PGlite data set, made in its own process: PGlite runs its statements synchronously in the
// process that opens it (WASM), which would stall the runner's event loop and, with it, the
// PostgreSQL generation running at the same time. `node generate-pglite.js <dir> <scale>`
// migrates and fills the folder, closes it and prints one JSON line: the `Generated` summary and
// the pool articles' stock levels in the first depot (the sale scenarios' `initial`).
import { openPglite } from '../db/client.js';
import { generate, type Scale } from './generate.js';
import { levelsOf } from './levels.js';

const [dir, scale] = process.argv.slice(2) as [string, Scale];
const database = await openPglite(dir);
await database.migrate();
const gen = await generate(database.db, scale, (line) => console.error(`${line} (PGlite)`));
const initial = await levelsOf(database.db, gen.depotIds[0]!, gen.poolArticleIds);
await database.close();
process.stdout.write(`${JSON.stringify({ gen, initial: [...initial] })}\n`);
