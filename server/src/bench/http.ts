// HTTP to the bench's server on loopback, with the server's own timing of each answer.
//
// Through node:http with a keep-alive agent per client (one till: one connection, as a browser
// keeps it), not the global fetch: the load generator runs on the same 2 cores as the server and
// PostgreSQL, and fetch (undici, its streams and WHATWG objects) took about twice the CPU per
// request, CPU taken from what is measured (bench/README.md, "The bench's own clients").
import http from 'node:http';
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

  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const started = performance.now();
    const url = new URL(path, this.base);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const response = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; buffer: Buffer }>((resolve, reject) => {
      const request = http.request(
        {
          hostname: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method,
          agent: this.agent,
          headers: {
            ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...headers,
          },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, buffer: Buffer.concat(chunks) }));
          answer.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
    const clientMs = performance.now() - started;
    const type = String(response.headers['content-type'] ?? '');
    const timing = /app;dur=([\d.]+)/.exec(String(response.headers['server-timing'] ?? ''));
    return {
      status: response.status,
      clientMs,
      serverMs: timing ? Number(timing[1]) : Number.NaN,
      bytes: response.buffer.length,
      body: type.includes('json') ? JSON.parse(response.buffer.toString('utf8')) : undefined,
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
