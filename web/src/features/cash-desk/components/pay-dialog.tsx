import type { CashRegister } from '@app/common/contracts/cash-registers';
import type { Invoice } from '@app/common/contracts/invoices';
import { paymentBody, type PaymentInput } from '@app/common/contracts/payments';
import { formatFcfa, MAX_AMOUNT_FCFA } from '@app/common/money';
import { paidForDelivery } from '@app/common/sale';
import { needsReference, paymentOutcome, PAYMENT_METHODS, type PaymentMethod } from '@app/common/payments';
import { Alert, Group, NumberInput, Select, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { queryKeys } from '../../../lib/query-keys';
import { getCashRegisters, usePay } from '../api/cash-desk-api';
import { DriverPicker } from '../../../components/pickers/driver-picker';
import { unbrokenNumber } from '../../../lib/document-number';

/** The contract, plus what the dialog checks before sending: a driver when delivering, a reference when required. */
const payForm = paymentBody
  .refine((body) => !body.livrer || body.chauffeure !== null, { path: ['chauffeure'], message: 'validation.driverRequired' })
  .refine((body) => !needsReference(body.methode) || body.reference !== null, {
    path: ['reference'],
    message: 'validation.required',
  });

/** Goods may leave with this payment: it settles the invoice, or the sale is on account (DECISIONS §6). */
function deliverableAfter(invoice: Invoice | null, payingFcfa: number): boolean {
  if (!invoice) return false;
  return paidForDelivery({ typeId: invoice.typeFacture.idTypeFacture, settled: invoice.solde || payingFcfa >= invoice.reste });
}

type PayValues = {
  facture: number;
  caisse: number | null;
  montantPaye: number | string;
  montant: number | string | null;
  total: number;
  reste: number;
  livrer: boolean;
  chauffeure: number | null;
  methode: PaymentMethod;
  reference: string;
};

/**
 * The pay dialog (seed 001 §2, §4; DECISIONS §6, §12): amount, method, the operator's reference
 * for mobile money and card, what was handed over (cash), the change and remainder it gives,
 * and the deliver switch with its driver (required when delivering). The cashier variant also
 * picks the register. `total` and `reste` go with it so that a changed invoice is refused.
 */
export function PayDialog({
  invoice,
  shopId,
  cashier,
  onClose,
}: {
  invoice: Invoice | null;
  shopId: number;
  cashier: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cash-desk', 'common']);
  const pay = usePay();
  const registers = useQuery({
    queryKey: queryKeys.cashDesk.registers(shopId),
    queryFn: ({ signal }) => getCashRegisters(shopId, signal),
    enabled: cashier && invoice !== null,
  });
  const defaults: PayValues = {
    facture: invoice?.idFacture ?? 0,
    caisse: null,
    montantPaye: '',
    montant: null,
    total: invoice?.montantFacture ?? 0,
    reste: invoice?.reste ?? 0,
    livrer: false,
    chauffeure: null,
    methode: 'cash',
    reference: '',
  };
  const values: PayValues | null = invoice
    ? {
        ...defaults,
        caisse: null,
        // What is left to pay, and no delivery: at the counter the customer takes the goods (issue 22).
        montantPaye: invoice.reste,
        livrer: false,
      }
    : null;

  return (
    <CrudDialog<PayValues, PaymentInput>
      opened={invoice !== null}
      onClose={onClose}
      mode="create"
      titles={{ create: t('pay.title', { code: unbrokenNumber(invoice?.codeFac ?? '') }), edit: '' }}
      defaults={defaults}
      values={values}
      recordKey={invoice?.idFacture ?? null}
      schema={payForm}
      onSave={(body, idempotencyKey) =>
        // A switch left on while the amount no longer settles a cash sale delivers nothing (DECISIONS §6).
        pay.mutateAsync({ body: { ...body, livrer: body.livrer && deliverableAfter(invoice, body.montantPaye) }, idempotencyKey })
      }
      successMessage={{ create: t('pay.success'), edit: t('pay.success') }}
      failureMessage={t('pay.error')}
      submitLabel={t('pay.submit')}
      testId="pay-dialog"
    >
      {(field, form) => {
        const v = form.values;
        const paying = typeof v.montantPaye === 'number' ? v.montantPaye : 0;
        const handed = typeof v.montant === 'number' ? v.montant : null;
        const outcome =
          paying > 0 && invoice
            ? paymentOutcome({
                remainingFcfa: invoice.reste,
                payingFcfa: paying,
                handedFcfa: v.methode === 'cash' ? handed : null,
                method: v.methode,
              })
            : null;
        const deliverable = deliverableAfter(invoice, paying);
        const registerOptions = (registers.data ?? []).map((r: CashRegister) => ({
          value: String(r.idCaisse),
          label: r.libelle,
        }));
        // No register chosen goes to the shop's default one: show it as the value, not as a hint.
        const register = v.caisse ?? registers.data?.find((r: CashRegister) => r.parDefaut)?.idCaisse ?? null;
        return (
          <>
            <Group grow>
              <Text size="sm">
                {t('common:labelled', { label: t('pay.total') })} <b>{formatFcfa(invoice?.montantFacture ?? 0)}</b>
              </Text>
              <Text size="sm" data-testid="pay-remaining">
                {t('common:labelled', { label: t('pay.remaining') })} <b>{formatFcfa(invoice?.reste ?? 0)}</b>
              </Text>
            </Group>
            {cashier && (
              <Select
                label={t('pay.register')}
                placeholder={t('pay.defaultRegister')}
                data={registerOptions}
                value={register === null ? null : String(register)}
                onChange={(value) => form.setFieldValue('caisse', value ? Number(value) : null)}
                comboboxProps={{ withinPortal: true }}
                data-testid="pay-register"
              />
            )}
            <Select
              label={t('pay.method')}
              data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
              allowDeselect={false}
              value={v.methode}
              onChange={(value) => {
                const method = (value ?? 'cash') as PaymentMethod;
                form.setFieldValue('methode', method);
                if (method !== 'cash') form.setFieldValue('montant', null);
              }}
              comboboxProps={{ withinPortal: true }}
              data-testid="pay-method"
            />
            {needsReference(v.methode) && (
              <TextInput label={t('pay.reference')} maxLength={80} {...field('reference')} required data-testid="pay-reference" />
            )}
            <NumberInput
              label={t('pay.amount')}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=" "
              max={MAX_AMOUNT_FCFA}
              suffix=" FCFA"
              data-autofocus
              {...field('montantPaye')}
              data-testid="pay-amount"
            />
            {v.methode === 'cash' && (
              <NumberInput
                label={t('pay.handed')}
                description={t('pay.handedHint')}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=" "
                max={MAX_AMOUNT_FCFA}
                suffix=" FCFA"
                {...field('montant')}
                onChange={(value) => form.setFieldValue('montant', value === '' ? null : value)}
                data-testid="pay-handed"
              />
            )}
            {outcome && 'refused' in outcome && (
              <Alert color="red" variant="light" data-testid="pay-refusal">
                {t(`errors:${outcome.refused}`)}
              </Alert>
            )}
            {outcome && !('refused' in outcome) && (
              <Group grow data-testid="pay-outcome">
                <Text size="sm">
                  {t('common:labelled', { label: t('pay.change') })} <b data-testid="pay-change">{formatFcfa(outcome.changeFcfa)}</b>
                </Text>
                <Text size="sm">
                  {t('common:labelled', { label: t('pay.after') })} <b data-testid="pay-after">{formatFcfa(outcome.remainingFcfa)}</b>
                </Text>
              </Group>
            )}
            {invoice && !invoice.livre && (
              <>
                <Switch
                  label={t('pay.deliver')}
                  disabled={!deliverable}
                  description={deliverable ? undefined : t('pay.deliverNeedsPayment')}
                  checked={v.livrer && deliverable}
                  onChange={(event) => form.setFieldValue('livrer', event.currentTarget.checked)}
                  data-testid="pay-deliver"
                />
                {v.livrer && deliverable && (
                  <DriverPicker
                    shopId={shopId}
                    value={v.chauffeure}
                    onChange={(id) => form.setFieldValue('chauffeure', id)}
                    enabled={invoice !== null}
                    error={field('chauffeure').error as string | undefined}
                  />
                )}
              </>
            )}
          </>
        );
      }}
    </CrudDialog>
  );
}
