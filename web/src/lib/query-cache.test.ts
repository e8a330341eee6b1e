import { describe, expect, it } from 'vitest';
import { clearQueryCache, loadedQueryClient, loadQueryClient } from './query-cache';

describe('the query client, made when first asked for', () => {
  it('is made once, shared by every screen, and cleared for the next user', async () => {
    expect(loadedQueryClient()).toBeUndefined();
    clearQueryCache(); // before any screen asked for it: nothing to clear, no error
    const [first, second] = await Promise.all([loadQueryClient(), loadQueryClient()]);
    expect(second).toBe(first);
    expect(loadedQueryClient()).toBe(first);
    first.setQueryData(['articles', 1], [{ idArticle: 1 }]);
    clearQueryCache();
    expect(first.getQueryData(['articles', 1])).toBeUndefined();
    expect(await loadQueryClient()).toBe(first);
  });
});
