import { shopClientBody, type ShopClient, type ShopClientBody } from '@app/common/contracts/shop-clients';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys';
import { createShopClient, getShopClients } from '../../lib/shop-clients';
import type { EntityPickerConfig } from '../entity-picker';

type ClientQuickAddValues = {
  nom: string;
  prenom: string;
  telephone: string;
  adresse: string;
  idFiscal: string;
  boutique: number;
};

/** The client picker of the invoice dialog and the till: the shop's clients, and "+" to add one there (DECISIONS §1: sellers may), with the tax id an issued invoice prints. */
export function useClientPicker(idBoutique: number): EntityPickerConfig<ShopClient, ClientQuickAddValues, ShopClientBody> {
  const { t } = useTranslation(['shop-clients', 'common']);
  return {
    queryKey: queryKeys.clients.options(idBoutique),
    source: { kind: 'list', load: (signal) => getShopClients(idBoutique, signal) },
    idOf: (c) => c.idClient,
    labelOf: (c) => `${c.nom} ${c.prenom}`.trim(),
    // Under the name (and searched): two clients of one name told apart, and the name never cut by the number at 375 px.
    detailOf: (c) => c.telephone,
    invalidates: queryKeys.clients.all,
    testId: 'client-picker',
    quickAdd: {
      label: t('clients.new'),
      title: t('clients.createTitle'),
      defaults: { nom: '', prenom: '', telephone: '', adresse: '', idFiscal: '', boutique: idBoutique },
      schema: shopClientBody,
      fields: (field) => (
        <>
          <TextInput withAsterisk label={t('clients.nom')} maxLength={100} data-autofocus {...field('nom')} />
          <TextInput withAsterisk label={t('clients.prenom')} maxLength={100} {...field('prenom')} />
          <TextInput withAsterisk label={t('clients.telephone')} inputMode="tel" maxLength={20} {...field('telephone')} />
          <TextInput withAsterisk label={t('clients.adresse')} maxLength={255} {...field('adresse')} />
          {/* A business client's tax id goes on the invoice about to be issued to them, which is then frozen. */}
          <TextInput
            label={t('clients.idFiscal')}
            description={t('clients.idFiscalHint')}
            maxLength={40}
            {...field('idFiscal')}
          />
        </>
      ),
      create: createShopClient,
      successMessage: t('clients.created'),
      failureMessage: t('clients.error'),
      permission: 'clients:manage',
    },
  };
}
