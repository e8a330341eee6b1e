import { SHOP_PHONE_DIGITS } from '@app/common/constants';
import { shopBody, type Shop, type ShopBody } from '@app/common/contracts/shops';
import { DEFAULT_TIME_ZONE } from '@app/common/dates';
import { Select, TextInput } from '@mantine/core';
import { IconClock, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { digitsOnly } from '../../../lib/digits';
import { timeZoneOf } from '../../../lib/dates';
import { useLang } from '../../../lib/use-lang';
import { useSaveShop } from '../api/shop-mutations';
import { timeZoneOptions } from '../time-zones';

type ShopFormValues = { nom: string; telephone: string; adresse: string; timeZone: string };

const EMPTY: ShopFormValues = { nom: '', telephone: '', adresse: '', timeZone: DEFAULT_TIME_ZONE };

/**
 * Create or edit a shop: nom, telephone (8-digit mask), adresse, all required (seed 000 §5), and
 * the shop's time zone (DECISIONS §4), Africa/Abidjan unless chosen.
 */
export function ShopFormDialog({ opened, shop, onClose }: { opened: boolean; shop: Shop | null; onClose: () => void }) {
  const { t } = useTranslation(['shops', 'common']);
  const lang = useLang();
  const save = useSaveShop();
  const currentZone = shop ? timeZoneOf(shop) : DEFAULT_TIME_ZONE;
  const zones = useMemo(() => timeZoneOptions(lang, currentZone), [lang, currentZone]);

  return (
    <CrudDialog<ShopFormValues, ShopBody>
      opened={opened}
      onClose={onClose}
      mode={shop ? 'edit' : 'create'}
      titles={{ create: t('createTitle'), edit: t('editTitle') }}
      defaults={EMPTY}
      values={shop ? { nom: shop.nom, telephone: shop.telephone, adresse: shop.adresse, timeZone: currentZone } : null}
      recordKey={shop?.idBoutique ?? null}
      schema={shopBody}
      onSave={(body, idempotencyKey) => save.mutateAsync({ idBoutique: shop?.idBoutique ?? null, body, idempotencyKey })}
      successMessage={{ create: t('created'), edit: t('updated') }}
      failureMessage={t('error')}
      testId="shop-dialog"
    >
      {(field, form) => (
        <>
          <TextInput label={t('nom')} maxLength={120} data-autofocus {...field('nom')} />
          <TextInput
            label={t('telephone')}
            description={t('telephoneHint')}

            inputMode="numeric"
            autoComplete="tel"
            leftSection={<IconPhone size={18} />}
            {...field('telephone')}
            onChange={(event) => form.setFieldValue('telephone', digitsOnly(event.currentTarget.value, SHOP_PHONE_DIGITS))}
          />
          <TextInput label={t('adresse')} maxLength={255} leftSection={<IconMapPin size={18} />} {...field('adresse')} />
          <Select
            label={t('timeZone')}
            description={t('timeZoneHint')}
            data={zones}
            searchable
            nothingFoundMessage={t('timeZoneSearch')}
            allowDeselect={false}
            checkIconPosition="right"
            leftSection={<IconClock size={18} />}
            size="md"
            comboboxProps={{ withinPortal: true }}
            value={form.values.timeZone}
            onChange={(value) => value && form.setFieldValue('timeZone', value)}
            error={field('timeZone').error}
            data-testid="shop-time-zone"
          />
        </>
      )}
    </CrudDialog>
  );
}
