import { Box, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../../../components/brand';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { useLangPath } from '../../../lib/use-lang';

/**
 * The register screen has no top menu (seed 000 §2), like login, but its form is long: the same
 * brand, language switch and background as `PublicCardLayout`, on a wider column.
 */
export function RegisterLayout({ children }: { children: ReactNode }) {
  const to = useLangPath();
  return (
    <Box
      mih="100dvh"
      style={{
        background:
          'linear-gradient(160deg, var(--mantine-color-brand-0) 0%, var(--mantine-color-gray-0) 35%, var(--mantine-color-ochre-0) 100%)',
      }}
    >
      <Stack w="100%" maw={760} mx="auto" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }} gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Brand to={to()} />
          <LanguageSwitcher />
        </Group>
        {children}
      </Stack>
    </Box>
  );
}
