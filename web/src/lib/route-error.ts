import { isRouteErrorResponse } from 'react-router';

export type RouteErrorKind = 'notFound' | 'offline' | 'failed';

/**
 * Messages browsers give when a screen's code (a lazy chunk) cannot be downloaded: Chromium,
 * Firefox and Safari word it differently; Vite's preload helper says "Unable to preload CSS".
 */
const CHUNK_LOAD =
  /dynamically imported module|importing a module script failed|error loading dynamically imported|unable to preload css|failed to fetch/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_LOAD.test(error.message);
}

/**
 * What a route error is for the person using the app: an unknown address, a screen that could
 * not be downloaded (no network, or the server unreachable), or anything else.
 */
export function routeErrorKind(error: unknown, online: boolean): RouteErrorKind {
  if (isRouteErrorResponse(error) && error.status === 404) return 'notFound';
  if (!online || isChunkLoadError(error)) return 'offline';
  return 'failed';
}
