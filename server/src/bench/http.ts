// HTTP to the bench's server on loopback, with the server's own timing of each answer.
import { performance } from 'node:perf_hooks';

export type Answer = {
  status: number;
  /** Round trip seen by the client (ms). */
  clientMs: number;
  /** `Server-Timing: app;dur=` (ms): arrival of the request to its body ready, on the server. */
  serverMs: number;
  bytes: number;
  body: unknown;
};

export class Client {
  constructor(
    readonly base: string,
    private token = '',
  ) {}

  async signIn(username: string, password: string): Promise<void> {
    const answer = await this.call('POST', '/api/auth/signin', { username, password });
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    this.token = (answer.body as { accessToken: string }).accessToken;
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const type = response.headers.get('content-type') ?? '';
    const buffer = Buffer.from(await response.arrayBuffer());
    const clientMs = performance.now() - started;
    const timing = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    return {
      status: response.status,
      clientMs,
      serverMs: timing ? Number(timing[1]) : Number.NaN,
      bytes: buffer.length,
      body: type.includes('json') ? JSON.parse(buffer.toString('utf8')) : undefined,
    };
  }

  async get(path: string): Promise<Answer> {
    return this.call('GET', path);
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
