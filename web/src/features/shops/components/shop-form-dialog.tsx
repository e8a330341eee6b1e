import { SHOP_PHONE_DIGITS } from '@app/common/constants';
import { shopBody, type Shop, type ShopBody } from '@app/common/contracts/shops';
import { TextInput } from '@mantine/core';
import { IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { digitsOnly } from '../../../lib/digits';
import { useSaveShop } from '../api/shop-mutations';

type ShopFormValues = { nom: string; telephone: string; adresse: string };

const EMPTY: ShopFormValues = { nom: '', telephone: '', adresse: '' };

/** Create or edit a shop: nom, telephone (8-digit mask), adresse, all required (seed 000 §5). */
export function ShopFormDialog({ opened, shop, onClose }: { opened: boolean; shop: Shop | null; onClose: () => void }) {
  const { t } = useTranslation(['shops', 'common']);
  const save = useSaveShop();

  return (
    <CrudDialog<ShopFormValues, ShopBody>
      opened={opened}
      onClose={onClose}
      mode={shop ? 'edit' : 'create'}
      titles={{ create: t('createTitle'), edit: t('editTitle') }}
      defaults={EMPTY}
      values={shop ? { nom: shop.nom, telephone: shop.telephone, adresse: shop.adresse } : null}
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
        </>
      )}
    </CrudDialog>
  );
}
