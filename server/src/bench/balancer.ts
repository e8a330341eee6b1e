// Sales through a real load balancer (Debian's HAProxy, with the configuration `npm run cluster`
// uses) in front of 1 and then 2 app servers, beside the same sales sent straight to one server.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { haproxyConfig } from '../../../scripts/haproxy-config.mjs';
import { freePort } from '../test/free-port.js';

export const HAPROXY = '/usr/sbin/haproxy';

export type Balancer = { base: string; stop: () => Promise<void> };

/** HAProxy on a free loopback port in front of `servers` (their base URLs), once it answers a health check through them. */
export async function startBalancer(servers: string[]): Promise<Balancer> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boutiko-bench-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(
    config,
    haproxyConfig({ port, servers: servers.map((base, i) => ({ name: `app${i + 1}`, port: Number(new URL(base).port) })) }),
  );
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Every server up in HAProxy (2 good checks a second apart): ask each in turn, bounded.
  const deadline = Date.now() + 20_000;
  let healthy = 0;
  while (healthy < servers.length * 2) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error('HAProxy did not answer through its servers');
    }
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    healthy = ok ? healthy + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, stop };
}
