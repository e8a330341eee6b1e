// `npm start`: builds when the sources are newer than the build, then serves the web app
// and the API on one port, on the embedded PGlite database unless DATABASE_URL is set.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';
import { superviseChild } from './supervise.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildIfNeeded();

// Stops with its parent and passes signals on (supervise.mjs says why npm needs both).
superviseChild(spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'server/dist/server.js')], { cwd: root, stdio: 'inherit' }));
