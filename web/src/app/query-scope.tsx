import { QueryClientProvider } from '@tanstack/react-query';
import { use } from 'react';
import { Outlet } from 'react-router';
import { loadedQueryClient, loadQueryClient } from '../lib/query-cache';

/**
 * Provides the query client to the routes below (every screen but the landing page and the
 * sign-in form). Only the provider's small module is in the entry; the client itself arrives with
 * the first screen that needs it (`lazyNamed` asks for it beside the screen's code).
 */
export function QueryScope() {
  const client = loadedQueryClient() ?? use(loadQueryClient());
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
