import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), precompress()],
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
  },
});
