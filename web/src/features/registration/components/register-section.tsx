import { Card, Group, Stack, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One numbered part of the register form (identity, shop, subscription, proof). */
export function RegisterSection({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  const id = `register-section-${step}`;
  return (
    <Card component="section" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs" aria-labelledby={id}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={30} radius="xl" variant="filled" color="brand" fw={700} aria-hidden>
            {step}
          </ThemeIcon>
          <Title order={2} fz={19} id={id}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
