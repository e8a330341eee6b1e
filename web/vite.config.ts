import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = import.meta.dirname;
const api = 'http://localhost:3000';

/**
 * The server serves assets with `preCompressed: true`: write `.gz` and `.br` copies next to
 * each text asset so that modest phones on slow links download the smaller file without the
 * server compressing on every request. Tiny files and files that do not shrink are skipped.
 */
function precompress(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.join(root, 'dist');
      for (const [fileName, item] of Object.entries(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(fileName)) continue;
        const source = Buffer.from(item.type === 'chunk' ? item.code : item.source);
        if (source.length < 1024) continue;
        const gz = gzipSync(source, { level: 9 });
        if (gz.length < source.length) await fs.writeFile(path.join(dir, `${fileName}.gz`), gz);
        const br = brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
        if (br.length < source.length) await fs.writeFile(path.join(dir, `${fileName}.br`), br);
      }
    },
  };
}

/**
 * Modules whose chunks (with everything they import statically, and their CSS) the service worker
 * precaches: the shell, Mantine's whole CSS, the signed-in layout, the sign-in form, the home screen and the till, so
 * that the till opens without network after one visit (issue 20 item 1), and every catalogue.
 * Other screens are cached when first visited (the `/assets/` runtime route below).
 */
const OFFLINE_ROOTS = [
  /\/app\/app-layout\.tsx$/,
  // The whole of Mantine's CSS, loaded with every screen but the first ones (lib/lazy-named.ts).
  /\/lib\/full-styles\.ts$/,
  // The query client, asked for by every screen but the first ones (lib/query-cache.ts).
  /\/lib\/query-client\.ts$/,
  // Loaded after the first screen, not with it: the snackbars' container.
  /\/app\/notifications-container\.tsx$/,
  /\/features\/auth\/components\/login-page\.tsx$/,
  /\/features\/home\/components\/home-page\.tsx$/,
  /\/features\/till\/components\/till-page\.tsx$/,
  // The till's camera scanner (a lazy chunk of 1 KB; ZXing, for browsers without BarcodeDetector, stays on demand).
  /\/features\/till\/components\/camera-scanner\.tsx$/,
  /\/common\/locales\/[a-z]{2}\/[^/]+\.json$/,
];

/** The till's files, found in the bundle's import graph; read by the precache manifest's filter. */
function offlineFiles(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'offline-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        const item = bundle[fileName];
        if (!item) return;
        files.add(fileName);
        if (item.type !== 'chunk') return;
        for (const css of item.viteMetadata?.importedCss ?? []) files.add(css);
        for (const asset of item.viteMetadata?.importedAssets ?? []) files.add(asset);
        for (const imported of item.imports) visit(imported);
      };
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk') continue;
        // By the modules it holds: a root may share a chunk with others (firstScreenChunks).
        if (item.isEntry || item.moduleIds.some((id) => OFFLINE_ROOTS.some((root) => root.test(id)))) visit(fileName);
      }
    },
  };
  return { plugin, files };
}
const offline = offlineFiles();

/**
 * The first screen of a first visit (issue 20, Speed: the login form in <= 3 s on 3G). The entry
 * only asks for the route's chunks once it has been downloaded and run, and the route's
 * catalogue once the route has rendered: three trips in a row on a 300 ms link. A tiny script,
 * loaded `async` beside the entry, reads the address and asks at once for the chunks (and CSS) of
 * the landing page or the sign-in form, and for the catalogues they need in the address's
 * language, as `modulepreload` / `preload` links: they then download side by side with the entry.
 * A wrong guess costs bandwidth, never correctness (the app loads what it needs as before).
 */
const FIRST_SCREENS: { match: string; module: RegExp; namespaces: string[] }[] = [
  { match: '^/?$', module: /\/features\/landing\/components\/landing-page\.tsx$/, namespaces: ['landing'] },
  { match: '^/login/?$', module: /\/features\/auth\/components\/login-page\.tsx$/, namespaces: ['auth'] },
];
const BASE_NAMESPACES = ['common', 'errors'];

function routePreload(onEmitted: (fileName: string) => void): Plugin {
  return {
    name: 'route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const closure = (fileName: string, into = new Set<string>()) => {
        const item = bundle[fileName];
        if (!item || into.has(fileName)) return into;
        into.add(fileName);
        if (item.type === 'chunk') {
          for (const css of item.viteMetadata?.importedCss ?? []) into.add(css);
          for (const imported of item.imports) closure(imported, into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loadedByEntry = closure(entry.fileName);
      const screens = FIRST_SCREENS.map(({ match, module, namespaces }) => {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => module.test(id)));
        if (!chunk) throw new Error(`route-preload: no chunk for ${module}`);
        return { match, files: [...closure(chunk.fileName)].filter((file) => !loadedByEntry.has(file)), namespaces: [...BASE_NAMESPACES, ...namespaces] };
      });
      const wanted = new Set(screens.flatMap((screen) => screen.namespaces));
      const catalogues: Record<string, Record<string, string>> = {};
      for (const chunk of chunks) {
        const found = /\/common\/locales\/([a-z]{2})\/([^/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
        if (found && wanted.has(found[2]!)) (catalogues[found[1]!] ??= {})[found[2]!] = chunk.fileName;
      }
      const source = `(() => {
  const screens = ${JSON.stringify(screens)};
  const catalogues = ${JSON.stringify(catalogues)};
  const found = /^\\/([a-z]{2})(\\/.*)?$/.exec(location.pathname);
  const language = found && catalogues[found[1]] ? found[1] : localStorage.getItem('lang') in catalogues ? localStorage.getItem('lang') : 'fr';
  const rest = found && catalogues[found[1]] ? found[2] || '/' : location.pathname;
  const screen = screens.find((s) => new RegExp(s.match).test(rest));
  if (!screen) return;
  const files = [...screen.files, ...screen.namespaces.map((ns) => catalogues[language][ns]).filter(Boolean)];
  for (const file of files) {
    const link = document.createElement('link');
    if (file.endsWith('.css')) Object.assign(link, { rel: 'preload', as: 'style' });
    else link.rel = 'modulepreload';
    link.href = '/' + file;
    document.head.appendChild(link);
  }
})();
`;
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source }));
      onEmitted(fileName);
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') throw new Error('route-preload: index.html is not in the bundle');
      const tag = `<script type="module" async src="/${fileName}"></script>`;
      const text = String(html.source);
      // Before the entry's own script tag, so that the browser asks for it first.
      const at = text.indexOf('<script type="module"');
      if (at < 0) throw new Error('route-preload: no module script in index.html');
      html.source = `${text.slice(0, at)}${tag}\n    ${text.slice(at)}`;
    },
  };
}

/**
 * Fewer files for the first screen (issue 20, Speed). Over HTTP/1.1 a browser opens 6 connections
 * to the server, and on a 300 ms link each file costs a round trip and ~1 KB of headers: the sign-in
 * form came as ~33 files. Rolldown's chunk groups put every module the entry loads statically in one
 * chunk (`shell`), the sign-in form's own (not already in the shell) in another (`login-page`), and the
 * landing page's in a third (`landing-page`). Other screens that share a module with these import it
 * from there (as they imported it from a small shared chunk before).
 */
function firstScreenChunks(): { plugin: Plugin; groups: { name: string; test: (id: string) => boolean; priority: number }[] } {
  const signIn = new Set<string>();
  const landing = new Set<string>();
  const plugin: Plugin = {
    name: 'first-screen-chunks',
    apply: 'build',
    buildEnd() {
      const closure = (root: RegExp, into: Set<string>) => {
        const start = [...this.getModuleIds()].find((id) => root.test(id));
        if (!start) throw new Error(`first-screen-chunks: no module ${root}`);
        const stack = [start];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id)) continue;
          if (id.includes('/node_modules/')) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      signIn.clear();
      landing.clear();
      closure(FIRST_SCREENS[1]!.module, signIn);
      closure(FIRST_SCREENS[0]!.module, landing);
    },
  };
  return {
    plugin,
    groups: [
      // Everything the entry imports statically (rolldown's `$initial` tag), with the entry.
      { name: 'shell', test: () => true, priority: 3, tags: ['$initial'] as ['$initial'] } as never,
      // Named as the pages they hold (the login journey looks for these names among the preloads).
      { name: 'login-page', test: (id) => signIn.has(id), priority: 2 },
      { name: 'landing-page', test: (id) => landing.has(id), priority: 1 },
    ],
  };
}
const firstScreen = firstScreenChunks();

export default defineConfig({
  plugins: [
    react(),
    offline.plugin,
    firstScreen.plugin,
    VitePWA({
      // A new version waits for the cashier: the app asks before reloading (never mid-sale).
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      manifest: {
        id: '/',
        name: 'Boutiko',
        short_name: 'Boutiko',
        description: 'Boutiko : boutiques, stock, factures et caisse en FCFA.',
        lang: 'fr',
        start_url: '/app/vente',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#0b7a4b',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Only the till's part of /assets/ is fetched at install; the rest as screens are visited.
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || offline.files.has(entry.url)),
            warnings: [],
          }),
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        // Every client route is the app; the API and the server's own pages never are.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/e2v/, /^\/docs/, /\.[a-z0-9]+$/i],
        runtimeCaching: [
          // The API is never answered from a cache (DECISIONS §13: the till's data lives in IndexedDB).
          { urlPattern: ({ url }) => url.pathname.startsWith('/api/'), handler: 'NetworkOnly', method: 'GET' },
          // Hashed files never change: a screen visited once opens offline afterwards.
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'boutiko-assets', expiration: { maxEntries: 400, purgeOnQuotaError: true } },
          },
        ],
      },
    }),
    routePreload((fileName) => offline.files.add(fileName)),
    precompress(),
  ],
  resolve: {
    // The web compiles the TypeScript sources of `common`; its `dist` is for the server.
    alias: [
      { find: /^@app\/common\/locales\/(.*)$/, replacement: path.join(root, '../common/locales/$1') },
      { find: /^@app\/common\/(.*)$/, replacement: path.join(root, '../common/src/$1') },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/e2v': api },
  },
  preview: {
    proxy: { '/api': api, '/e2v': api },
  },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: { codeSplitting: { groups: firstScreen.groups } },
    },
  },
});
