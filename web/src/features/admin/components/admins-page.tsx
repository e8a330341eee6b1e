import type { AdminRow } from '@app/common/contracts/admin';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { UsernameWithSelf } from '../../../components/username-with-self';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { getAdminsPage } from '../api/get-admins';
import { ActiveBadge } from './active-badge';
import { AdminFormDialog } from './admin-form-dialog';

/** app/utilisateur-admin (seed 000 §2): the platform admins; list, create, edit. */
export function AdminsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const session = useSession();

  return (
    <ListPage<AdminRow>
      title={t('admins.title')}
      subtitle={t('admins.subtitle')}
      queryKey={queryKeys.admin.admins}
      fetcher={getAdminsPage}
      rowKey={(admin) => admin.idUser}
      searchLabel={t('admins.search')}
      testId="admins-table"
      columns={[
        {
          key: 'username',
          header: t('admins.username'),
          render: (admin) => <UsernameWithSelf username={admin.username} self={admin.idUser === session?.user.idUser} />,
        },
        { key: 'nom', header: t('admins.nom'), render: (admin) => admin.nom },
        { key: 'prenom', header: t('admins.prenom'), render: (admin) => admin.prenom },
        { key: 'email', header: t('admins.email'), render: (admin) => admin.email ?? '—' },
        { key: 'active', header: t('admins.active'), render: (admin) => <ActiveBadge active={admin.active} /> },
      ]}
      create={{ label: t('admins.new'), testId: 'new-admin' }}
      form={(dialog) => <AdminFormDialog opened={dialog.opened} admin={dialog.record} onClose={dialog.close} />}
    />
  );
}
