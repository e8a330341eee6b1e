import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A shop client's fields: the client dialog's, and the quick add of the invoice dialog and the
 * till. A business client's tax id goes on the invoice about to be issued to them, then frozen.
 */
export function ClientFields({ field }: { field: (name: string) => object }) {
  const { t } = useTranslation(['shop-clients']);
  return (
    <>
      <TextInput withAsterisk label={t('clients.nom')} maxLength={100} data-autofocus {...field('nom')} />
      <TextInput withAsterisk label={t('clients.prenom')} maxLength={100} {...field('prenom')} />
      <TextInput withAsterisk label={t('clients.telephone')} inputMode="tel" maxLength={20} {...field('telephone')} />
      <TextInput withAsterisk label={t('clients.adresse')} maxLength={255} {...field('adresse')} />
      <TextInput label={t('clients.idFiscal')} description={t('clients.idFiscalHint')} maxLength={40} {...field('idFiscal')} />
    </>
  );
}
