import type { Delivery } from '@app/common/contracts/deliveries';
import { can } from '@app/common/permissions';
import { Text } from '@mantine/core';
import { IconTruckOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { useFormatDate } from '../../../lib/dates';
import { queryKeys } from '../../../lib/query-keys';
import { roleIds, useSession } from '../../../lib/session';
import { getDeliveriesPage, useCancelDelivery } from '../api/cash-desk-api';
import { useDocumentActions } from './document-actions';

/**
 * app/livraison (seed 001 §2): the director's view (id, seller, driver, client, status, date,
 * view, cancel) or a warehouse keeper's own deliveries (driver name and phone).
 */
export function DeliveriesPage() {
  const { t } = useTranslation('cash-desk');
  const formatDate = useFormatDate();
  const session = useSession();
  const roles = { roles: roleIds(session?.user) };
  const director = can(roles, 'deliveries:cancel');
  const cancel = useCancelDelivery();
  const documents = useDocumentActions((d: Delivery) => d.facture.file);
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Delivery>
          title={t('deliveries.title')}
          subtitle={t(director ? 'deliveries.subtitleAll' : 'deliveries.subtitleOwn', { shop: shop.nom })}
          queryKey={queryKeys.cashDesk.list(director ? 'deliveries-all' : 'deliveries-own', shop.idBoutique)}
          fetcher={(page, term, signal) => getDeliveriesPage(shop.idBoutique, director, page, term, signal)}
          rowKey={(d) => d.idLivraison}
          searchLabel={t('search')}
          testId="deliveries-table"
          columns={[
            { key: 'id', header: t('deliveries.id'), render: (d) => d.idLivraison },
            ...(director ? [{ key: 'user', header: t('deliveries.user'), render: (d: Delivery) => d.user.username }] : []),
            {
              key: 'driver',
              header: t('deliveries.driver'),
              render: (d) => (director ? d.nomChaufeur : `${d.chauffeure.nom} · ${d.chauffeure.telephone}`),
            },
            { key: 'code', header: t('columns.code'), render: (d) => d.facture.codeFac },
            {
              key: 'client',
              header: t('columns.client'),
              render: (d) => (d.facture.client ? `${d.facture.client.nom} ${d.facture.client.prenom}` : t('columns.noClient')),
            },
            {
              key: 'status',
              header: t('deliveries.status'),
              render: (d) => (
                <Text size="sm" fw={600} c={d.livre ? 'green.8' : 'dimmed'} data-testid={`delivery-status-${d.idLivraison}`}>
                  {d.livre ? t('deliveries.delivered') : t('deliveries.cancelled')}
                </Text>
              ),
            },
            { key: 'date', header: t('columns.date'), render: (d) => formatDate(d.createdAt, 'dateTime') },
          ]}
          actions={[
            ...documents,
          ]}
          remove={
            director
              ? {
                  action: { key: 'cancel', label: t('deliveries.cancel'), icon: <IconTruckOff size={18} /> },
                  hidden: (d) => !d.livre,
                  itemName: (d) => `${d.facture.codeFac} · ${d.nomChaufeur}`,
                  title: t('deliveries.cancelTitle'),
                  message: () => t('deliveries.cancelWarning'),
                  confirmLabel: t('deliveries.cancel'),
                  onConfirm: (d, idempotencyKey) => cancel.mutateAsync({ idLivraison: d.idLivraison, idempotencyKey }),
                  successMessage: t('deliveries.cancelled'),
                  failureMessage: t('deliver.error'),
                }
              : undefined
          }
        />
      )}
    </RequireShop>
  );
}
