import type { DirectorRow } from '@app/common/contracts/admin';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { queryKeys } from '../../../lib/query-keys';
import { useDeleteDirector } from '../api/director-mutations';
import { getDirectorsPage } from '../api/get-directors';
import { ActiveBadge } from './active-badge';
import { DirectorFormDialog } from './director-form-dialog';

/** app/utilisateur-directeur (seed 000 §2): the platform admin's table of director accounts. */
export function DirectorsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const remove = useDeleteDirector();

  return (
    <ListPage<DirectorRow>
      title={t('directors.title')}
      subtitle={t('directors.subtitle')}
      queryKey={queryKeys.admin.directors}
      fetcher={getDirectorsPage}
      rowKey={(director) => director.idUser}
      searchLabel={t('directors.search')}
      testId="directors-table"
      columns={[
        { key: 'username', header: t('directors.username'), render: (director) => director.username },
        { key: 'nom', header: t('directors.nom'), render: (director) => director.nom },
        { key: 'prenom', header: t('directors.prenom'), render: (director) => director.prenom },
        { key: 'shop', header: t('directors.shop'), render: (director) => director.nomBoutque ?? '—' },
        { key: 'active', header: t('directors.active'), render: (director) => <ActiveBadge active={director.active} /> },
      ]}
      create={{ label: t('directors.new'), testId: 'new-director' }}
      form={(dialog) => <DirectorFormDialog opened={dialog.opened} director={dialog.record} onClose={dialog.close} />}
      remove={{
        itemName: (director) => `${director.username} — ${director.prenom} ${director.nom}`,
        onConfirm: (director, idempotencyKey) => remove.mutateAsync({ idUser: director.idUser, idempotencyKey }),
        message: (director) => t('directors.deleteWarning', { username: director.username }),
        successMessage: t('directors.deleted'),
        failureMessage: t('directors.deleteError'),
      }}
    />
  );
}
