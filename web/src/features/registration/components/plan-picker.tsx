import { formatFcfa } from '@app/common/money';
import type { Plan } from '@app/common/contracts/registration';
import { Alert, Badge, Button, Group, Input, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { planName } from '../../../lib/plan-name';

/** Argent is the plan most shops take (DECISIONS §2): it gets the badge. */
const POPULAR_PLAN = 3;

type PlanPickerProps = {
  plans: Plan[] | undefined;
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
};

function PlanCounts({ plan }: { plan: Plan }) {
  const { t } = useTranslation('register');
  if (plan.boutiques === null || plan.depots === null || plan.users === null) {
    return (
      <Text fz="sm" c="dimmed">
        {t('plan.customText')}
      </Text>
    );
  }
  return (
    <Text fz="sm" c="dimmed">
      {[
        t('plan.shops', { count: plan.boutiques }),
        t('plan.depots', { count: plan.depots }),
        t('plan.users', { count: plan.users }),
      ].join(' · ')}
    </Text>
  );
}

/** Bronze, Argent and Personaliser as radio cards with their price and counts (seed 000 §9). */
export function PlanPicker({ plans, loading, loadFailed, onRetry, value, onChange, error }: PlanPickerProps) {
  const { t } = useTranslation('register');

  if (loadFailed) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="register-plans-error">
        <Group justify="space-between" gap="xs">
          <Text fz="sm">{t('plan.loadError')}</Text>
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('common:actions.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }

  return (
    <Input.Wrapper label={t('plan.label')} withAsterisk error={error} size="md">
      <Radio.Group value={value} onChange={onChange} mt={6}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {loading || !plans
            ? [0, 1, 2].map((index) => <Skeleton key={index} h={104} radius="md" />)
            : plans.map((plan) => {
                const checked = value === String(plan.code);
                return (
                  <Radio.Card
                    key={plan.code}
                    value={String(plan.code)}
                    radius="md"
                    p="sm"
                    data-testid={`register-plan-${plan.code}`}
                    style={{
                      // A button centres its content vertically: cards of unequal text start at the top.
                      display: 'flex',
                      alignItems: 'flex-start',
                      borderColor: checked ? 'var(--mantine-color-brand-6)' : undefined,
                      borderWidth: checked ? 2 : 1,
                      background: checked ? 'var(--mantine-color-brand-0)' : undefined,
                    }}
                  >
                    <Stack gap={4} w="100%">
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Group gap={8} wrap="nowrap">
                          <Radio.Indicator size="sm" />
                          <Text fw={700}>{planName(t, plan)}</Text>
                        </Group>
                        {plan.code === POPULAR_PLAN && (
                          <Badge size="xs" color="ochre" variant="filled">
                            {t('plan.popular')}
                          </Badge>
                        )}
                      </Group>
                      {plan.prixFcfa === null ? (
                        <Text fw={800} c="ochre.8">
                          {t('plan.onRequest')}
                        </Text>
                      ) : (
                        <Text fw={800} c="brand.8" style={{ whiteSpace: 'nowrap' }}>
                          {formatFcfa(plan.prixFcfa)}{' '}
                          <Text span fw={400} fz="sm" c="dimmed">
                            {t('plan.perYear')}
                          </Text>
                        </Text>
                      )}
                      <PlanCounts plan={plan} />
                    </Stack>
                  </Radio.Card>
                );
              })}
        </SimpleGrid>
      </Radio.Group>
    </Input.Wrapper>
  );
}
