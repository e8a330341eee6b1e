import { can } from '@app/common/permissions';
import type { ShopClient } from '@app/common/contracts/shop-clients';
import { formatFcfa } from '@app/common/money';
import { Button, Group } from '@mantine/core';
import { IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { notifyError } from '../../../lib/notify';
import { openPdf } from '../../../lib/open-pdf';
import { queryKeys } from '../../../lib/query-keys';
import { roleIds, useSession } from '../../../lib/session';
import { getClientsPage, useDeleteClient } from '../api/shop-clients';
import { ClientFormDialog } from './client-form-dialog';
import { ClientStatementDialog } from './client-statement-dialog';

/** app/client (seed 001 §2): the shop's clients with what each still owes, each one's statement; print all for directors. */
export function ClientsPage() {
  const { t, i18n } = useTranslation(['shop-clients', 'common']);
  const session = useSession();
  const remove = useDeleteClient();
  const mayPrint = can({ roles: roleIds(session?.user) }, 'clients:print');
  // The client stays while the statement fades out.
  const [statement, setStatement] = useState<{ client: ShopClient | null; opened: boolean }>({ client: null, opened: false });
  return (
    <RequireShop>
      {(shop) => (
        <>
          {mayPrint && (
            <Group justify="flex-end" mb={-8}>
              <Button
                variant="light"
                leftSection={<IconPrinter size={18} />}
                data-testid="print-clients"
                onClick={() => openPdf(`/api/client/boutique/imprimer/${shop.idBoutique}?lang=${i18n.language}`).catch((e: Error) => notifyError(e.message))}
              >
                {t('clients.printAll')}
              </Button>
            </Group>
          )}
          <ListPage<ShopClient>
            title={t('clients.title')}
            subtitle={t('clients.subtitle', { shop: shop.nom })}
            queryKey={queryKeys.clients.list(shop.idBoutique)}
            fetcher={(page, term, signal) => getClientsPage(shop.idBoutique, page, term, signal)}
            rowKey={(c) => c.idClient}
            searchLabel={t('clients.search')}
            testId="clients-table"
            columns={[
              { key: 'nom', header: t('clients.nom'), render: (c) => c.nom },
              { key: 'prenom', header: t('clients.prenom'), render: (c) => c.prenom },
              { key: 'telephone', header: t('clients.telephone'), render: (c) => c.telephone },
              { key: 'adresse', header: t('clients.adresse'), render: (c) => c.adresse },
              { key: 'solde', header: t('clients.solde'), render: (c) => formatFcfa(c.solde) },
            ]}
            create={{ label: t('clients.new'), testId: 'new-client' }}
            form={(dialog) => <ClientFormDialog opened={dialog.opened} client={dialog.record} shopId={shop.idBoutique} onClose={dialog.close} />}
            actions={[
              {
                key: 'statement',
                label: t('statement.action'),
                icon: <IconFileInvoice size={18} />,
                onClick: (c) => setStatement({ client: c, opened: true }),
              },
            ]}
            remove={{
              itemName: (c) => `${c.nom} ${c.prenom}`,
              onConfirm: (c, idempotencyKey) => remove.mutateAsync({ idClient: c.idClient, idempotencyKey }),
              successMessage: t('clients.deleted'),
              failureMessage: t('clients.error'),
            }}
          >
            <ClientStatementDialog
              client={statement.client}
              opened={statement.opened}
              onClose={() => setStatement((current) => ({ ...current, opened: false }))}
            />
          </ListPage>
        </>
      )}
    </RequireShop>
  );
}
