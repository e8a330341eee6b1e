import type { DirectorRow } from '@app/common/contracts/admin';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { PagedTable } from '../../../components/paged-table';
import { useDialogState } from '../../../components/use-dialog-state';
import { useDeleteDirector } from '../api/director-mutations';
import { DIRECTORS_QUERY_KEY, getDirectorsPage } from '../api/get-directors';
import { ActiveBadge } from './active-badge';
import { DirectorFormDialog } from './director-form-dialog';

/** app/utilisateur-directeur (seed 000 §2): the platform admin's table of director accounts. */
export function DirectorsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const dialog = useDialogState<DirectorRow>();
  const [toDelete, setToDelete] = useState<DirectorRow | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const remove = useDeleteDirector();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('directors.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('directors.subtitle')}
        </Text>
      </div>
      <PagedTable<DirectorRow>
        queryKey={DIRECTORS_QUERY_KEY}
        fetcher={getDirectorsPage}
        rowKey={(director) => director.idUser}
        label={t('directors.title')}
        searchLabel={t('directors.search')}
        testId="directors-table"
        columns={[
          { key: 'username', header: t('directors.username'), render: (director) => director.username },
          { key: 'nom', header: t('directors.nom'), render: (director) => director.nom },
          { key: 'prenom', header: t('directors.prenom'), render: (director) => director.prenom },
          { key: 'shop', header: t('directors.shop'), render: (director) => director.nomBoutque ?? '—' },
          { key: 'active', header: t('directors.active'), render: (director) => <ActiveBadge active={director.active} /> },
        ]}
        actions={[
          { key: 'edit', label: t('common:actions.edit'), icon: <IconPencil size={18} />, onClick: dialog.openWith },
          {
            key: 'delete',
            label: t('common:actions.delete'),
            icon: <IconTrash size={18} />,
            color: 'red',
            onClick: (director) => {
              setToDelete(director);
              setDeleteOpened(true);
            },
          },
        ]}
        toolbar={
          <Button leftSection={<IconPlus size={18} />} onClick={dialog.openCreate} data-testid="new-director">
            {t('directors.new')}
          </Button>
        }
      />
      <DirectorFormDialog opened={dialog.opened} director={dialog.record} onClose={dialog.close} />
      <ConfirmDeleteDialog
        opened={deleteOpened}
        onClose={() => setDeleteOpened(false)}
        itemName={toDelete ? `${toDelete.username} — ${toDelete.prenom} ${toDelete.nom}` : undefined}
        onConfirm={(idempotencyKey) => remove.mutateAsync({ idUser: toDelete?.idUser ?? 0, idempotencyKey })}
        successMessage={t('directors.deleted')}
        failureMessage={t('directors.deleteError')}
      />
    </Stack>
  );
}
