// The HAProxy configuration in front of several Boutiko app servers on one machine
// (`npm run cluster`, and the cluster test that checks it: server/src/test/cluster/).

/**
 * Round robin over `servers`; a server is taken out after 2 failed health checks a second apart
 * and back after 2 good ones. Retries (HAProxy's "L7 retries"):
 * - a request that could not be sent (connection refused or reset while connecting: a server
 *   that just died) goes to another server (`option redispatch`), whatever its method: nothing
 *   reached the dead server, so nothing can be recorded twice;
 * - GET and HEAD are also retried on an empty answer or a 503 (they change nothing);
 * - a POST, PUT, PATCH or DELETE that was sent is never retried by HAProxy: the server may have
 *   recorded it before dying. The client gets a 502 and sends it again itself with the same sale
 *   id or Idempotency-Key (the till does), which the server answers once.
 * Client addresses reach the servers in X-Forwarded-For (servers run with TRUST_PROXY=true), set
 * here rather than appended so that a client cannot pick its own address for the rate limits.
 *
 * @param {{ port: number, servers: { name: string, port: number }[], socket?: string }} options
 */
export function haproxyConfig({ port, servers, socket }) {
  return `global
  maxconn 4096
${socket ? `  stats socket ${socket} mode 600 level admin\n` : ''}
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 10s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 503

frontend boutiko
  bind 127.0.0.1:${port}
  http-request disable-l7-retry unless METH_GET || METH_HEAD
  http-request set-header X-Forwarded-For %[src]
  default_backend app_servers

backend app_servers
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server check inter 1s fall 2 rise 2
${servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port}`).join('\n')}
`;
}
