import { canSee, can } from '@app/common/permissions';
import type { Reception } from '@app/common/contracts/receptions';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { ApiError } from '../../../lib/api-error';
import { useFormatDate } from '../../../lib/dates';
import { notifyError } from '../../../lib/notify';
import { openDocument } from '../../../lib/open-document';
import { queryKeys } from '../../../lib/query-keys';
import { roleIds, useSession } from '../../../lib/session';
import { getReceptionsPage, useDeleteReception } from '../api/receptions';
import { ReceptionDialog } from './reception-dialog';

/**
 * app/reception (seed 001 §2): directors and managers see every reception of the shop with its
 * user, warehouse keepers their own (DECISIONS §1); directors and warehouse keepers record and
 * edit them, directors and managers delete them. Each receipt opens in a new tab.
 */
export function ReceptionsPage() {
  const { t } = useTranslation(['receptions', 'common']);
  const session = useSession();
  const roles = { roles: roleIds(session?.user) };
  const seesAll = canSee(roles, 'receptions') === 'all';
  const mayCreate = can(roles, 'receptions:create');
  const remove = useDeleteReception();
  const formatDate = useFormatDate();

  const openReceipt = (reception: Reception) => {
    openDocument(reception.file).catch((error: unknown) => {
      const blocked = error instanceof Error && error.message === 'POPUP_BLOCKED';
      notifyError(
        error instanceof ApiError ? error.message : blocked ? t('receptions.popupBlocked') : t('receptions.receiptError'),
      );
    });
  };
  const none = t('receptions.none');

  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Reception>
          title={t('receptions.title')}
          subtitle={t(seesAll ? 'receptions.subtitle' : 'receptions.subtitleOwn', { shop: shop.nom })}
          queryKey={queryKeys.receptions.list(shop.idBoutique)}
          fetcher={(page, term, signal) => getReceptionsPage(shop.idBoutique, page, term, signal)}
          rowKey={(reception) => reception.idReception}
          searchLabel={t('receptions.search')}
          testId="receptions-table"
          columns={[
            { key: 'code', header: t('receptions.code'), render: (reception) => reception.code },
            { key: 'depot', header: t('receptions.depot'), render: (reception) => reception.depot.libelle },
            { key: 'driverName', header: t('receptions.driverName'), render: (reception) => reception.nomChaufeur ?? none },
            {
              key: 'driverContact',
              header: t('receptions.driverContact'),
              render: (reception) => reception.contactChauffeur ?? none,
            },
            {
              key: 'date',
              header: t('receptions.date'),
              render: (reception) => formatDate(reception.dateReception, 'receptionDate'),
            },
            ...(seesAll
              ? [{ key: 'user', header: t('receptions.user'), render: (reception: Reception) => reception.user.username }]
              : []),
          ]}
          create={mayCreate ? { label: t('receptions.new'), testId: 'new-reception' } : undefined}
          editable={mayCreate}
          form={(dialog) => (
            <ReceptionDialog
              opened={dialog.opened}
              reception={dialog.record}
              shop={shop}
              onClose={dialog.close}
              onCreated={openReceipt}
            />
          )}
          actions={[
            { key: 'receipt', label: t('receptions.viewReceipt'), icon: <IconFileTypePdf size={18} />, onClick: openReceipt },
          ]}
          remove={
            can(roles, 'receptions:delete')
              ? {
                  itemName: (reception) => `${reception.code} · ${reception.depot.libelle}`,
                  message: (reception) => t('receptions.deleteMessage', { code: reception.code, depot: reception.depot.libelle }),
                  onConfirm: (reception, idempotencyKey) =>
                    remove.mutateAsync({ idReception: reception.idReception, idempotencyKey }),
                  successMessage: t('receptions.deleted'),
                  failureMessage: t('receptions.deleteError'),
                }
              : undefined
          }
        />
      )}
    </RequireShop>
  );
}
