import { shopClientBody, type ShopClient, type ShopClientBody } from '@app/common/contracts/shop-clients';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys';
import { createShopClient, getShopClients } from '../../lib/shop-clients';
import type { EntityPickerConfig } from '../entity-picker';
import { ClientFields } from './client-fields';

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
      fields: (field) => <ClientFields field={field} />,
      create: createShopClient,
      successMessage: t('clients.created'),
      failureMessage: t('clients.error'),
      permission: 'clients:manage',
    },
  };
}
