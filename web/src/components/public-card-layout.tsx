import { Box, Center, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLangPath } from '../lib/use-lang';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';

/** Login, register and forgot-password: no top menu (seed 000 §2), only the brand and the language. */
export function PublicCardLayout({ children }: { children: ReactNode }) {
  const to = useLangPath();
  return (
    <Box
      mih="100dvh"
      style={{
        background:
          'linear-gradient(160deg, var(--mantine-color-brand-0) 0%, var(--mantine-color-gray-0) 45%, var(--mantine-color-ochre-0) 100%)',
      }}
    >
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={440} gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Brand to={to()} />
            <LanguageSwitcher />
          </Group>
          {children}
        </Stack>
      </Center>
    </Box>
  );
}
