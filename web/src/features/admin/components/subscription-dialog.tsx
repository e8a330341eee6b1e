import {
  ADMIN_YEARS,
  updateSubscriptionLineBody,
  type SubscriptionLine,
  type UpdateSubscriptionLineBody,
} from '@app/common/contracts/admin';
import { PLAN_CODE } from '@app/common/contracts/registration';
import { formatFcfa } from '@app/common/money';
import { Alert, Checkbox, Input, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { useFormatDate } from '../../../lib/dates';
import { usePlans } from '../../../lib/plans';
import { useUpdateLine } from '../api/subscription-mutations';
import { defaultPriceFcfa, projectedEnd, subscriptionUpdate, yearsOf } from '../api/subscription-period';

type SubscriptionFormValues = { abonnement: number; annees: number; prixFcfa: number | null; activer: boolean };

const EMPTY: SubscriptionFormValues = { abonnement: PLAN_CODE.bronze, annees: 1, prixFcfa: null, activer: false };

function valuesOf(line: SubscriptionLine): SubscriptionFormValues {
  return { abonnement: line.abonnement.code, annees: yearsOf(line.days), prixFcfa: line.prixFcfa, activer: false };
}

/**
 * The plan-and-period dialog of seed 000 §2, which saves (DECISIONS §10): plan, 1 to 4 years,
 * the agreed price for Personaliser (Bronze and Argent take the plan's price × years on the
 * server), and for a pending line the choice to activate it at once.
 */
export function SubscriptionDialog({
  opened,
  line,
  onClose,
}: {
  opened: boolean;
  line: SubscriptionLine | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  // Admins have no shop: the default zone.
  const formatDate = useFormatDate();
  const plans = usePlans(opened);
  const update = useUpdateLine();
  const options =
    plans.data?.map((plan) => ({ value: String(plan.code), label: plan.libelle })) ??
    (line ? [{ value: String(line.abonnement.code), label: line.abonnement.libelle }] : []);

  return (
    <CrudDialog<SubscriptionFormValues, UpdateSubscriptionLineBody>
      opened={opened}
      onClose={onClose}
      mode="edit"
      titles={{
        create: t('subscriptions.dialog.action'),
        edit: line ? t('subscriptions.dialog.title', { username: line.users.username }) : t('subscriptions.dialog.action'),
      }}
      defaults={EMPTY}
      values={line ? valuesOf(line) : null}
      recordKey={line?.idLigne ?? null}
      schema={updateSubscriptionLineBody}
      onSave={(body, idempotencyKey) =>
        update.mutateAsync({ idLigne: line?.idLigne ?? 0, body: subscriptionUpdate(body), idempotencyKey })
      }
      successMessage={{ create: t('subscriptions.dialog.saved'), edit: t('subscriptions.dialog.saved') }}
      failureMessage={t('subscriptions.dialog.error')}
      submitLabel={t('subscriptions.dialog.save')}
      size={520}
      testId="subscription-dialog"
    >
      {(field, form) => {
        const { abonnement, annees } = form.values;
        const plan = plans.data?.find((candidate) => candidate.code === abonnement);
        const price = defaultPriceFcfa(plan, annees);
        const end = line ? projectedEnd(line, annees) : null;
        const period = t('subscriptions.years', { count: annees });
        const yearsError = field('annees').error as string | undefined;
        return (
          <>
            <Select
              label={t('subscriptions.dialog.plan')}
              data={options}
              allowDeselect={false}
              checkIconPosition="right"
              comboboxProps={{ withinPortal: true }}
              value={String(abonnement)}
              onChange={(value) => value && form.setFieldValue('abonnement', Number(value))}
              error={field('abonnement').error}
              data-testid="plan-select"
            />
            {plan && plan.boutiques !== null && plan.depots !== null && plan.users !== null && (
              <Text fz="sm" c="dimmed" mt={-8}>
                {t('subscriptions.dialog.counts', { shops: plan.boutiques, depots: plan.depots, users: plan.users })}
              </Text>
            )}
            <Input.Wrapper label={t('subscriptions.dialog.years')} error={yearsError}>
              <SegmentedControl
                fullWidth
                mt={4}
                data={ADMIN_YEARS.map((years) => ({ value: String(years), label: t('subscriptions.years', { count: years }) }))}
                value={String(annees)}
                onChange={(value) => form.setFieldValue('annees', Number(value))}
                data-testid="years-control"
              />
            </Input.Wrapper>
            {abonnement === PLAN_CODE.personaliser ? (
              <NumberInput
                label={t('subscriptions.dialog.price')}
                description={t('subscriptions.dialog.priceHint')}
                min={0}
                step={1000}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=" "
                suffix=" FCFA"
                value={form.values.prixFcfa ?? ''}
                onChange={(value) => form.setFieldValue('prixFcfa', typeof value === 'number' ? value : null)}
                error={field('prixFcfa').error}
                data-testid="price-input"
              />
            ) : (
              price !== null && (
                <Text fz="sm" fw={600}>
                  {t('subscriptions.dialog.defaultPrice', { price: formatFcfa(price) })}
                </Text>
              )
            )}
            {line?.status === 'pending' && (
              <Checkbox label={t('subscriptions.dialog.activate')} {...field('activer', { type: 'checkbox' })} />
            )}
            <Alert variant="light" color="brand" icon={<IconCalendarEvent />} py="xs">
              <Stack gap={2}>
                <Text fz="sm" data-testid="projected-end">
                  {end
                    ? t('subscriptions.dialog.endsOn', { date: formatDate(end) })
                    : t('subscriptions.dialog.startsOnActivation', { period })}
                </Text>
              </Stack>
            </Alert>
          </>
        );
      }}
    </CrudDialog>
  );
}
