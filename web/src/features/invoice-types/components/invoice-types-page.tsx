import { invoiceTypeBody, type InvoiceType, type InvoiceTypeBody } from '@app/common/contracts/invoice-types';
import { Badge, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { queryKeys } from '../../../lib/query-keys';
import { getInvoiceTypesPage, useDeleteInvoiceType, useSaveInvoiceType } from '../api/invoice-types';

type Values = { libelle: string; boutique: number };

/** app/type-facture (seed 001 §2): built-in types (not changeable) and the shop's own. */
export function InvoiceTypesPage() {
  const { t } = useTranslation(['invoice-types', 'common']);
  const save = useSaveInvoiceType();
  const remove = useDeleteInvoiceType();
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<InvoiceType>
          title={t('types.title')}
          subtitle={t('types.subtitle')}
          queryKey={queryKeys.invoiceTypes.list}
          fetcher={(page, term, signal) => getInvoiceTypesPage(page, term, signal)}
          rowKey={(x) => x.idTypeFacture}
          searchLabel={t('types.search')}
          testId="invoice-types-table"
          columns={[
            { key: 'id', header: t('types.id'), render: (x) => x.idTypeFacture },
            {
              key: 'libelle',
              header: t('types.libelle'),
              render: (x) => (
                <>
                  {x.libelle}{' '}
                  {x.builtIn && (
                    <Badge size="sm" variant="light">
                      {t('types.builtIn')}
                    </Badge>
                  )}
                </>
              ),
            },
          ]}
          create={{ label: t('types.new'), testId: 'new-invoice-type' }}
          editable
          form={(dialog) => (
            <CrudDialog<Values, InvoiceTypeBody>
              opened={dialog.opened && !dialog.record?.builtIn}
              onClose={dialog.close}
              mode={dialog.record ? 'edit' : 'create'}
              titles={{ create: t('types.createTitle'), edit: t('types.editTitle') }}
              defaults={{ libelle: '', boutique: shop.idBoutique }}
              values={dialog.record ? { libelle: dialog.record.libelle, boutique: shop.idBoutique } : null}
              recordKey={dialog.record?.idTypeFacture ?? null}
              schema={invoiceTypeBody}
              onSave={(body, idempotencyKey) => save.mutateAsync({ id: dialog.record?.idTypeFacture ?? null, body, idempotencyKey })}
              successMessage={{ create: t('types.created'), edit: t('types.updated') }}
              failureMessage={t('types.error')}
              testId="invoice-type-dialog"
            >
              {(field) => <TextInput label={t('types.libelle')} maxLength={100} data-autofocus {...field('libelle')} />}
            </CrudDialog>
          )}
          remove={{
            hidden: (x) => x.builtIn,
            itemName: (x) => x.libelle,
            onConfirm: (x, idempotencyKey) => remove.mutateAsync({ id: x.idTypeFacture, idempotencyKey }),
            successMessage: t('types.deleted'),
            failureMessage: t('types.error'),
          }}
        />
      )}
    </RequireShop>
  );
}
