import { describe, expect, it } from 'vitest';
import { isChunkLoadError, routeErrorKind } from './route-error';

describe('routeErrorKind', () => {
  it('tells a screen that could not be downloaded from an unknown address and from other errors', () => {
    const chromium = new TypeError(
      'Failed to fetch dynamically imported module: http://localhost:3000/assets/drivers-page-abc.js',
    );
    const firefox = new TypeError('error loading dynamically imported module: http://localhost:3000/assets/x.js');
    const safari = new TypeError('Importing a module script failed.');
    for (const error of [chromium, firefox, safari]) {
      expect(isChunkLoadError(error)).toBe(true);
      // The network is up: the server did not answer, or a new version replaced the page's files.
      expect(routeErrorKind(error, true)).toBe('download');
      expect(routeErrorKind(error, false)).toBe('offline');
    }
    expect(routeErrorKind(new Error('Cannot read properties of undefined'), true)).toBe('failed');
    // Without network, whatever broke, the network is what to fix first.
    expect(routeErrorKind(new Error('Cannot read properties of undefined'), false)).toBe('offline');
    expect(routeErrorKind({ status: 404, statusText: 'Not Found', internal: true, data: '' }, true)).toBe('notFound');
    expect(isChunkLoadError('Failed to fetch')).toBe(false);
  });
});
