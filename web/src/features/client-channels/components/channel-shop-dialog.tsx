import { setClientChannelBody, type ClientChannelRow, type SetClientChannelBody } from '@app/common/contracts/client-channels';
import { Select, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { useMyShops } from '../../../lib/my-shops';
import { useSetClientChannel } from '../api/client-channel-mutations';

type Values = { boutique: number | null };

/** Chooses the shop (one of the director's) that a public registration page feeds. */
export function ChannelShopDialog({ channel, onClose }: { channel: ClientChannelRow | null; onClose: () => void }) {
  const { t } = useTranslation(['client-channels', 'common']);
  const save = useSetClientChannel();
  const shops = useMyShops(channel !== null);
  const options = (shops.data ?? []).map((shop) => ({ value: String(shop.idBoutique), label: shop.nom }));
  const name = channel ? t(`channels.${channel.channel}`) : '';

  return (
    <CrudDialog<Values, SetClientChannelBody>
      opened={channel !== null}
      onClose={onClose}
      mode="edit"
      titles={{ create: t('dialog.title', { name }), edit: t('dialog.title', { name }) }}
      defaults={{ boutique: null }}
      values={{ boutique: channel?.boutique?.idBoutique ?? null }}
      recordKey={channel?.channel ?? null}
      schema={setClientChannelBody}
      onSave={(body, idempotencyKey) => save.mutateAsync({ channel: channel!.channel, body, idempotencyKey })}
      successMessage={{ create: t('dialog.saved'), edit: t('dialog.saved') }}
      failureMessage={t('error')}
      submitLabel={t('common:actions.save')}
      size={480}
      testId="channel-shop-dialog"
    >
      {(field, form) => (
        <>
          <Text fz="sm" c="dimmed">
            {t('dialog.help')}
          </Text>
          <Select
            label={t('dialog.shop')}
            placeholder={t('dialog.shopPlaceholder')}
            data={options}
            allowDeselect={false}
            leftSection={<IconBuildingStore size={18} />}
            comboboxProps={{ withinPortal: true }}
            size="md"
            data-autofocus
            value={form.values.boutique === null ? null : String(form.values.boutique)}
            onChange={(value) => form.setFieldValue('boutique', value ? Number(value) : null)}
            error={field('boutique').error}
            data-testid="channel-shop-select"
          />
        </>
      )}
    </CrudDialog>
  );
}
