import type { AdminRow } from '@app/common/contracts/admin';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/paged-table';
import { useDialogState } from '../../../components/use-dialog-state';
import { useSession } from '../../../lib/session';
import { ADMINS_QUERY_KEY, getAdminsPage } from '../api/get-admins';
import { ActiveBadge } from './active-badge';
import { AdminFormDialog } from './admin-form-dialog';

/** app/utilisateur-admin (seed 000 §2): the platform admins; list, create, edit. */
export function AdminsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const dialog = useDialogState<AdminRow>();
  const session = useSession();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('admins.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('admins.subtitle')}
        </Text>
      </div>
      <PagedTable<AdminRow>
        queryKey={ADMINS_QUERY_KEY}
        fetcher={getAdminsPage}
        rowKey={(admin) => admin.idUser}
        label={t('admins.title')}
        searchLabel={t('admins.search')}
        testId="admins-table"
        columns={[
          {
            key: 'username',
            header: t('admins.username'),
            render: (admin) => (
              <Group gap={6} wrap="nowrap" component="span">
                {admin.username}
                {admin.idUser === session?.user.idUser && (
                  <Badge
                    size="sm"
                    variant="outline"
                    color="gray"
                    component="span"
                    style={{ flexShrink: 0, minWidth: 'max-content' }}
                  >
                    {t('admins.you')}
                  </Badge>
                )}
              </Group>
            ),
          },
          { key: 'nom', header: t('admins.nom'), render: (admin) => admin.nom },
          { key: 'prenom', header: t('admins.prenom'), render: (admin) => admin.prenom },
          { key: 'email', header: t('admins.email'), render: (admin) => admin.email ?? '—' },
          { key: 'active', header: t('admins.active'), render: (admin) => <ActiveBadge active={admin.active} /> },
        ]}
        actions={[{ key: 'edit', label: t('common:actions.edit'), icon: <IconPencil size={18} />, onClick: dialog.openWith }]}
        toolbar={
          <Button leftSection={<IconPlus size={18} />} onClick={dialog.openCreate} data-testid="new-admin">
            {t('admins.new')}
          </Button>
        }
      />
      <AdminFormDialog opened={dialog.opened} admin={dialog.record} onClose={dialog.close} />
    </Stack>
  );
}
