import { ADMIN_YEARS } from '@app/common/contracts/admin';
import { PLAN_CODE } from '@app/common/contracts/registration';
import { formatFcfa } from '@app/common/money';
import { Input, NumberInput, SegmentedControl, Select, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../../components/crud-dialog';
import { usePlans } from '../../../lib/plans';
import { defaultPriceFcfa } from '../api/subscription-period';
import { planName } from '../../../lib/plan-name';

export type PlanChoiceValues = {
  abonnement: number;
  annees: number;
  prixFcfa: number | null;
  boutiques: number | null;
  depots: number | null;
  users: number | null;
};

export const EMPTY_PLAN_CHOICE: PlanChoiceValues = {
  abonnement: PLAN_CODE.bronze,
  annees: 1,
  prixFcfa: null,
  boutiques: null,
  depots: null,
  users: null,
};

const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : null);

/**
 * Plan, period (1 to 4 years) and price of a subscription, as the admin chooses them. Bronze
 * and Argent show their counts and the price the server applies (plan price × years);
 * Personaliser asks for the agreed price and, with `counts`, for its shops, depots and users.
 * `prefix` is the form path of the values (e.g. `ligne.`).
 */
export function PlanChoiceFields({
  value,
  set,
  field,
  prefix = '',
  counts = false,
  priceHint,
  enabled = true,
}: {
  value: Pick<PlanChoiceValues, 'abonnement' | 'annees' | 'prixFcfa'> & Partial<PlanChoiceValues>;
  set: (key: keyof PlanChoiceValues, next: number | null) => void;
  field: FieldProps;
  prefix?: string;
  counts?: boolean;
  priceHint?: string;
  enabled?: boolean;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const plans = usePlans(enabled);
  const options = plans.data?.map((plan) => ({ value: String(plan.code), label: planName(t, plan) })) ?? [];
  const plan = plans.data?.find((candidate) => candidate.code === value.abonnement);
  const price = defaultPriceFcfa(plan, value.annees);
  const custom = value.abonnement === PLAN_CODE.personaliser;
  const countInput = (key: 'boutiques' | 'depots' | 'users', label: string) => (
    <NumberInput
      label={label}
      min={1}
      allowDecimal={false}
      allowNegative={false}
      value={value[key] ?? ''}
      onChange={(next) => set(key, numberOrNull(next))}
      error={field(`${prefix}${key}`).error}
      data-testid={`plan-${key}`}
    />
  );

  return (
    <>
      <Select
        label={t('subscriptions.dialog.plan')}
        data={options}
        allowDeselect={false}
        checkIconPosition="right"
        comboboxProps={{ withinPortal: true }}
        value={options.length > 0 ? String(value.abonnement) : null}
        onChange={(next) => {
          if (next) set('abonnement', Number(next));
        }}
        error={field(`${prefix}abonnement`).error}
        data-testid="plan-select"
      />
      {plan && plan.boutiques !== null && plan.depots !== null && plan.users !== null && (
        <Text fz="sm" c="dimmed" mt={-8}>
          {t('subscriptions.dialog.counts', { shops: plan.boutiques, depots: plan.depots, users: plan.users })}
        </Text>
      )}
      <Input.Wrapper label={t('subscriptions.dialog.years')} error={field(`${prefix}annees`).error}>
        <SegmentedControl
          fullWidth
          mt={4}
          data={ADMIN_YEARS.map((years) => ({ value: String(years), label: t('subscriptions.years', { count: years }) }))}
          value={String(value.annees)}
          onChange={(next) => set('annees', Number(next))}
          data-testid="years-control"
        />
      </Input.Wrapper>
      {custom && counts && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {countInput('boutiques', t('subscriptions.shops'))}
          {countInput('depots', t('subscriptions.depots'))}
          {countInput('users', t('subscriptions.users'))}
        </SimpleGrid>
      )}
      {custom ? (
        <NumberInput
          label={t('subscriptions.dialog.price')}
          description={priceHint}
          min={0}
          step={1000}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=" "
          suffix=" FCFA"
          value={value.prixFcfa ?? ''}
          onChange={(next) => set('prixFcfa', numberOrNull(next))}
          error={field(`${prefix}prixFcfa`).error}
          data-testid="price-input"
        />
      ) : (
        price !== null && (
          <Text fz="sm" fw={600}>
            {t('subscriptions.dialog.defaultPrice', { price: formatFcfa(price) })}
          </Text>
        )
      )}
    </>
  );
}
