import { deliveryBody } from '@app/common/contracts/deliveries';
import type { Invoice } from '@app/common/contracts/invoices';
import { formatFcfa } from '@app/common/money';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CrudDialog } from '../../../components/crud-dialog';
import { useDeliver } from '../api/cash-desk-api';
import { DriverPicker } from '../../../components/pickers/driver-picker';
import { unbrokenNumber } from '../../../lib/document-number';

type DeliverValues = { facture: number; chauffeure: number | null };
type DeliverInput = z.output<typeof deliveryBody>;

/** Start a delivery (seed 001 §2, §5): a driver must be chosen; save is disabled until then. */
export function DeliverDialog({ invoice, shopId, onClose }: { invoice: Invoice | null; shopId: number; onClose: () => void }) {
  const { t } = useTranslation(['cash-desk', 'common']);
  const deliver = useDeliver();
  const defaults: DeliverValues = { facture: invoice?.idFacture ?? 0, chauffeure: null };
  return (
    <CrudDialog<DeliverValues, DeliverInput>
      opened={invoice !== null}
      onClose={onClose}
      mode="create"
      titles={{ create: t('deliver.title', { code: unbrokenNumber(invoice?.codeFac ?? '') }), edit: '' }}
      defaults={defaults}
      values={invoice ? defaults : null}
      recordKey={invoice?.idFacture ?? null}
      schema={deliveryBody}
      onSave={(body, idempotencyKey) => deliver.mutateAsync({ ...body, idempotencyKey })}
      successMessage={{ create: t('deliver.success'), edit: t('deliver.success') }}
      failureMessage={t('deliver.error')}
      submitLabel={t('deliver.submit')}
      canSubmit={(values) => values.chauffeure !== null}
      testId="deliver-dialog"
    >
      {(field, form) => (
        <>
          <Text size="sm">
            {invoice?.client ? `${invoice.client.nom} ${invoice.client.prenom} · ` : ''}
            {formatFcfa(invoice?.montantFacture ?? 0)}
          </Text>
          <DriverPicker
            shopId={shopId}
            value={form.values.chauffeure}
            onChange={(id) => form.setFieldValue('chauffeure', id)}
            enabled={invoice !== null}
            error={field('chauffeure').error as string | undefined}
          />
        </>
      )}
    </CrudDialog>
  );
}
