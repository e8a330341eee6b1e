import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { NotificationsHost } from './notifications-host';
import { theme } from './theme';

/** The query client is not here: see QueryScope (app/query-scope.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <NotificationsHost />
      {children}
    </MantineProvider>
  );
}
