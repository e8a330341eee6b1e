import type { Counts, PlanUsage } from '@app/common/contracts/subscriptions';
import { Alert, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCircleCheck,
  IconCircleDashed,
  IconCreditCard,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDate } from '../../../lib/dates';
import { useLangPath } from '../../../lib/use-lang';
import { planName } from '../../../lib/plan-name';

const KINDS = [
  { key: 'boutiques', Icon: IconBuildingStore },
  { key: 'depots', Icon: IconBuildingWarehouse },
  { key: 'users', Icon: IconUsers },
] as const satisfies readonly { key: keyof Counts; Icon: unknown }[];

/** The director's plan on the home page (issue 7): name, end date, and the usage against each limit. */
export function PlanUsageCard({ usage }: { usage: PlanUsage }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <Card withBorder radius="lg" p="lg" data-testid="home-plan">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={46} radius="md" color={usage.expired ? 'red' : 'brand'} variant="light">
            <IconCreditCard size={26} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
              {t('home.plan.title')}
            </Text>
            <Text fw={700} fz="lg" data-testid="home-plan-name">
              {usage.plan ? t('home.plan.name', { plan: planName(t, usage.plan) }) : t('home.plan.none')}
            </Text>
          </Stack>
        </Group>
        {usage.endsAt && (
          <Badge size="lg" variant="light" color={usage.expired ? 'red' : 'brand'} data-testid="home-plan-end">
            {usage.expired
              ? t('home.plan.expiredOn', { date: formatDate(usage.endsAt) })
              : t('home.plan.until', { date: formatDate(usage.endsAt) })}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {KINDS.map(({ key, Icon }) => {
          const used = usage.used[key];
          const limit = usage.limits?.[key] ?? null;
          const full = limit !== null && used >= limit;
          return (
            <Stack key={key} gap={6} data-testid={`usage-${key}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap">
                  <Icon size={18} stroke={1.7} color="var(--mantine-color-dimmed)" aria-hidden />
                  <Text fz="sm" fw={600}>
                    {t(`home.plan.${key}`)}
                  </Text>
                </Group>
                <Text fz="sm" fw={700} c={full ? 'ochre.8' : undefined} data-testid={`usage-${key}-value`}>
                  {limit === null ? t('home.plan.unlimited', { used }) : t('home.plan.usage', { used, limit })}
                </Text>
              </Group>
              {limit !== null && (
                <Progress
                  value={limit === 0 ? 100 : Math.min(100, (used / limit) * 100)}
                  color={full ? 'ochre' : 'brand'}
                  size="md"
                  radius="xl"
                  aria-label={t(`home.plan.${key}`)}
                />
              )}
              {full && (
                <Text fz="xs" c="ochre.8">
                  {t('home.plan.full')}
                </Text>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Card>
  );
}

/** First steps of a new director until done: a depot, then the shop's users. */
export function FirstSteps({ usage }: { usage: PlanUsage }) {
  const { t } = useTranslation();
  const to = useLangPath();
  const steps = [
    { key: 'depot', done: usage.used.depots > 0, path: 'app/depot' },
    { key: 'users', done: usage.used.users > 1, path: 'app/utilisateur-boutique' },
  ];
  if (steps.every((step) => step.done)) return null;
  return (
    <Alert variant="light" color="ochre" radius="lg" title={t('home.steps.title')} data-testid="home-first-steps">
      <Stack gap={6}>
        {steps.map((step) => (
          <Group key={step.key} gap="xs" wrap="nowrap" data-testid={`step-${step.key}`} data-done={step.done || undefined}>
            {step.done ? (
              <IconCircleCheck size={18} color="var(--mantine-color-brand-6)" aria-label={t('home.steps.done')} />
            ) : (
              <IconCircleDashed size={18} aria-hidden />
            )}
            {step.done ? (
              <Text fz="sm" td="line-through" c="dimmed">
                {t(`home.steps.${step.key}`)}
              </Text>
            ) : (
              <Text fz="sm" fw={600} component={Link} to={to(step.path)} c="ochre.9" td="underline">
                {t(`home.steps.${step.key}`)}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
