// First screen JS: what the browser loads for the landing page and the login page of the built
// web app, gzipped. index.html's module script and modulepreloads, the lazy chunks of the two
// routes (landing-page-*.js, login-page-*.js), and every chunk those import statically, once each.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const IMPORT = /(?:import|from)\s*["'](\.\/[^"']+\.js)["']/g;

export function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the web app when web/dist is missing or older than web/src or common/src. */
export function ensureWebBuilt(repo: string, log: (line: string) => void): string {
  const dist = path.join(repo, 'web', 'dist');
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(repo, 'web', 'src')),
    newestMtime(path.join(repo, 'common', 'src')),
    newestMtime(path.join(repo, 'common', 'locales')),
  );
  if (built < sources) {
    log('  building the web app (npm run build -w web)...');
    const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repo, stdio: 'ignore' });
    if (result.status !== 0) throw new Error('npm run build -w web failed');
  }
  return dist;
}

export function firstScreenJs(dist: string): { files: string[]; rawKb: number; gzipKb: number } {
  const assets = path.join(dist, 'assets');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const roots = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  for (const file of fs.readdirSync(assets)) {
    if (/^(landing-page|login-page)-[\w-]+\.js$/.test(file)) roots.push(file);
  }
  if (!roots.some((f) => f.startsWith('landing-page')) || !roots.some((f) => f.startsWith('login-page'))) {
    throw new Error('the landing or login chunk is missing from web/dist/assets');
  }
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(assets, file), 'utf8');
    // Static imports only: `import("./x.js")` (dynamic) loads on demand, not on the first screen.
    for (const match of code.matchAll(IMPORT)) queue.push(path.basename(match[1]!));
  }
  let raw = 0;
  let gzip = 0;
  for (const file of seen) {
    const bytes = fs.readFileSync(path.join(assets, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: [...seen].sort(), rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

/** The chunks `roots` import statically, themselves included, once each. */
function closure(assets: string, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(assets, file), 'utf8');
    for (const match of code.matchAll(IMPORT)) queue.push(path.basename(match[1]!));
  }
  return seen;
}

/**
 * The till route's JS beyond the shell (issue 20, ARCHITECTURE budgets: <= 150 KB gzip): the
 * till-page chunk and every chunk it imports statically, less the shell: what index.html loads and
 * the signed-in layout (app-layout, with the offline queue's database and badge), which every
 * signed-in screen loads before its own chunk. The camera scanner, loaded only when its button is
 * used, is not counted. `layoutInShell: false` counts the layout with the till (the first
 * signed-in screen of a visit).
 */
export function tillRouteJs(dist: string, layoutInShell = true): { files: string[]; rawKb: number; gzipKb: number } {
  const assets = path.join(dist, 'assets');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const layout = layoutInShell ? fs.readdirSync(assets).filter((file) => /^app-layout-[\w-]+\.js$/.test(file)) : [];
  const shell = closure(assets, [...[...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!), ...layout]);
  const till = fs.readdirSync(assets).filter((file) => /^till-page-[\w-]+\.js$/.test(file));
  if (till.length === 0) throw new Error('the till chunk is missing from web/dist/assets');
  const files = [...closure(assets, till)].filter((file) => !shell.has(file));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(assets, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.sort(), rawKb: raw / 1024, gzipKb: gzip / 1024 };
}
