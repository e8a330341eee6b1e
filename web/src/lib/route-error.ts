import { isRouteErrorResponse } from 'react-router';

export type RouteErrorKind = 'notFound' | 'offline' | 'download' | 'failed';

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
 * What a route error is for the person using the app: an unknown address, no network, a screen
 * whose code could not be downloaded with the network up (the server unreachable, or a new
 * version installed since the page was loaded: its old files are gone), or anything else.
 */
export function routeErrorKind(error: unknown, online: boolean): RouteErrorKind {
  if (isRouteErrorResponse(error) && error.status === 404) return 'notFound';
  if (!online) return 'offline';
  if (isChunkLoadError(error)) return 'download';
  return 'failed';
}
