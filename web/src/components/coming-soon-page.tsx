import { Anchor, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLangPath } from '../lib/use-lang';
import { PublicCardLayout } from './public-card-layout';

/** Placeholder for public screens built later (register, forgot password, client sign-up). */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['common', 'auth']);
  const to = useLangPath();
  return (
    <PublicCardLayout>
      <Card withBorder radius="lg" p="xl" shadow="sm" data-testid="coming-soon">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color="ochre">
            <IconClockHour4 size={30} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            {t(titleKey)}
          </Title>
          <Text fw={600}>{t('comingSoon.title')}</Text>
          <Text c="dimmed">{t('comingSoon.text')}</Text>
          <Anchor component={Link} to={to('login')} mt="xs">
            {t('auth:login.title')}
          </Anchor>
        </Stack>
      </Card>
    </PublicCardLayout>
  );
}
