import type { FastifyRequest } from 'fastify';

/** Query parameters whose value is a secret: a reset link's token, a token pasted into a URL. */
const SECRET_PARAM = /token|password|passe|secret|key|code|sig/i;

/** The URL with the values of secret-looking query parameters replaced, for the request log line. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const [name = '', value] = pair.split('=');
      return value !== undefined && SECRET_PARAM.test(decodeURIComponentSafe(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The request as logged (Fastify's own fields) with secrets kept out of the URL: a reset link
 * opened on the server carries its token in the query string (issue 12 §4).
 */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
