import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { Invoice } from '@app/common/contracts/invoices';
import { formatFcfa } from '@app/common/money';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPicker } from '../../../components/entity-picker';
import { useClientPicker } from '../../../components/pickers/client-picker';
import { ApiError } from '../../../lib/api-error';
import { notifySuccess } from '../../../lib/notify';
import { newIdempotencyKey } from '../../../lib/retry-key';
import { useConvertProforma } from '../api/invoices';
import { unbrokenNumber } from '../../../lib/document-number';

/**
 * Turning a proforma into an invoice (DECISIONS §6; issue 22 item 11): the user confirms and
 * chooses Comptant or Crédit; a Crédit sale names its client (the proforma's, or one chosen here).
 * The stock is taken now: the server's refusal naming the short articles is shown in place.
 */
export function ConvertDialog({ proforma, shopId, onClose }: { proforma: Invoice | null; shopId: number; onClose: () => void }) {
  const { t } = useTranslation(['invoices', 'common']);
  const convert = useConvertProforma();
  const clientPicker = useClientPicker(shopId);
  const [typeId, setTypeId] = useState<string>(String(INVOICE_TYPE.cash));
  const [clientId, setClientId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  // The form starts afresh for each proforma (state adjusted while rendering).
  const [shown, setShown] = useState<number | null>(null);
  const current = proforma?.idFacture ?? null;
  if (current !== shown) {
    setShown(current);
    setTypeId(String(INVOICE_TYPE.cash));
    setClientId(null);
    setError(null);
    setKey(newIdempotencyKey());
  }
  const credit = Number(typeId) === INVOICE_TYPE.credit;
  const needsClient = credit && !proforma?.client;
  const confirm = async () => {
    if (!proforma) return;
    setError(null);
    try {
      const made = await convert.mutateAsync({
        id: proforma.idFacture,
        typeFactures: Number(typeId),
        client: needsClient ? clientId : null,
        idempotencyKey: key,
      });
      notifySuccess(t('list.converted', { code: made.codeFac }));
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('convert.error'));
      // A new attempt (after a reception, say) is a new request.
      setKey(newIdempotencyKey());
    }
  };
  return (
    <Modal opened={proforma !== null} onClose={onClose} title={t('convert.title', { code: unbrokenNumber(proforma?.codeFac ?? '') })} data-testid="convert-dialog">
      <Stack gap="sm">
        <Text size="sm">
          {t('convert.explain', { total: formatFcfa(proforma?.montantFacture ?? 0), depot: proforma?.depot.libelle ?? '' })}
        </Text>
        <Radio.Group
          label={t('convert.type')}
          value={typeId}
          onChange={(value) => {
            setTypeId(value);
            setError(null);
          }}
        >
          <Group mt={4}>
            <Radio value={String(INVOICE_TYPE.cash)} label={t('convert.cash')} data-testid="convert-cash" />
            <Radio value={String(INVOICE_TYPE.credit)} label={t('convert.credit')} data-testid="convert-credit" />
          </Group>
        </Radio.Group>
        {credit && proforma?.client && (
          <Text size="sm" data-testid="convert-client">
            {t('convert.client', { client: `${proforma.client.nom} ${proforma.client.prenom}` })}
          </Text>
        )}
        {needsClient && (
          <EntityPicker
            config={clientPicker}
            value={clientId}
            onChange={(id) => setClientId(id)}
            label={t('convert.chooseClient')}
            enabled={proforma !== null}
          />
        )}
        {error && (
          <Alert color="red" variant="light" data-testid="convert-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={convert.isPending} disabled={needsClient && clientId === null} data-testid="convert-confirm">
            {t('convert.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
