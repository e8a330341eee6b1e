import { REGISTRATION_DAYS } from '@app/common/contracts/registration';
import { formatFcfa } from '@app/common/money';
import { Button, Group, Input, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAdjustments } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../lib/form-errors';
import { usePlans } from '../../../lib/plans';
import { isCustomPlan, totalFcfa, type RegisterFormValues } from '../registration-form';
import { PlanPicker } from './plan-picker';

const groupFr = new Intl.NumberFormat('fr-FR');
const COUNTS = [
  { field: 'boutiques', label: 'custom.labels.shops' },
  { field: 'depots', label: 'custom.labels.depots' },
  { field: 'users', label: 'custom.labels.users' },
  { field: 'factures', label: 'custom.labels.invoices' },
] as const;

type SubscriptionFieldsProps = {
  form: UseFormReturnType<RegisterFormValues>;
  onChoosePlan: (code: string) => void;
  onEditCounts: () => void;
};

/** Plan, period, and either the amount to transfer or the Personaliser counts (seed 000 §2, §9). */
export function SubscriptionFields({ form, onChoosePlan, onEditCounts }: SubscriptionFieldsProps) {
  const { t } = useTranslation(['register', 'common']);
  const plans = usePlans();
  const values = form.values;
  const custom = isCustomPlan(values);
  const plan = plans.data?.find((candidate) => String(candidate.code) === values.abonnement);
  const total = plan ? totalFcfa(plan.prixFcfa, values.jours) : null;
  const countsMissing = ['boutiques', 'depots', 'users'].some((field) => form.errors[field]);
  const countsGiven = values.boutiques !== '' && values.depots !== '' && values.users !== '';

  return (
    <Stack gap="md">
      <PlanPicker
        plans={plans.data}
        loading={plans.isPending}
        loadFailed={plans.isError}
        onRetry={() => void plans.refetch()}
        value={values.abonnement}
        onChange={onChoosePlan}
        error={translateError(t, form.errors.abonnement)}
      />

      {custom && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          data-testid="register-custom-summary"
          style={countsMissing ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
        >
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Text fw={600} fz="sm">
                {t('custom.summary')}
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconAdjustments size={16} />}
                onClick={onEditCounts}
                data-testid="register-custom-edit"
              >
                {countsGiven ? t('custom.edit') : t('custom.set')}
              </Button>
            </Group>
            {countsGiven ? (
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                {COUNTS.map(({ field, label }) => (
                  <Stack key={field} gap={0}>
                    <Text fz="xs" c="dimmed">
                      {t(label)}
                    </Text>
                    <Text fw={700} data-testid={`register-custom-${field}`}>
                      {values[field] === '' ? '—' : groupFr.format(values[field])}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            ) : (
              <Text fz="sm" c={countsMissing ? 'red.7' : 'dimmed'}>
                {t('custom.missing')}
              </Text>
            )}
          </Stack>
        </Paper>
      )}

      <Input.Wrapper label={t('plan.period')} withAsterisk error={translateError(t, form.errors.jours)} size="md">
        <SegmentedControl
          mt={6}
          fullWidth
          size="md"
          color="brand"
          value={values.jours}
          onChange={(value) => form.setFieldValue('jours', value)}
          data={REGISTRATION_DAYS.map((days) => ({ value: String(days), label: t('plan.years', { count: days / 365 }) }))}
          data-testid="register-period"
        />
      </Input.Wrapper>

      {custom ? (
        <Text fz="sm" c="dimmed">
          {t('plan.totalCustom')}
        </Text>
      ) : (
        total !== null && (
          <Paper radius="md" p="sm" bg="brand.0">
            <Group justify="space-between" gap="xs">
              <Text fw={500}>{t('plan.total')}</Text>
              <Text fw={800} fz="lg" c="brand.8" data-testid="register-total" style={{ whiteSpace: 'nowrap' }}>
                {formatFcfa(total)}
              </Text>
            </Group>
          </Paper>
        )
      )}
    </Stack>
  );
}
