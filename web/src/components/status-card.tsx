import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type StatusCardProps = {
  icon: ReactNode;
  color?: string;
  title: string;
  text?: string;
  action?: { label: string; to: string };
  testId?: string;
  /** Anything else under the text (buttons that act rather than link). */
  children?: ReactNode;
};

/** A centred card for "coming soon", "no access" and "not found" screens. */
export function StatusCard({ icon, color = 'brand', title, text, action, testId, children }: StatusCardProps) {
  return (
    <Center p="md" py={48}>
      <Card withBorder radius="lg" p="xl" maw={460} w="100%" data-testid={testId}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title order={1} fz={22}>
            {title}
          </Title>
          {text && <Text c="dimmed">{text}</Text>}
          {action && (
            <Button component={Link} to={action.to} variant="light" mt="xs">
              {action.label}
            </Button>
          )}
          {children}
        </Stack>
      </Card>
    </Center>
  );
}
