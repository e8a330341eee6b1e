import { categoryBody, type Category, type CategoryBody } from '@app/common/contracts/categories';
import type { Shop } from '@app/common/contracts/shops';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { queryKeys } from '../../../lib/query-keys';
import { getCategoriesPage, useDeleteCategory, useSaveCategory } from '../api/categories';

type CategoryFormValues = { libelle: string; boutique: number };

/** The dialog of seed 001 §2: a single label field (required, unique in the shop). */
function CategoryFormDialog({
  opened,
  category,
  shop,
  onClose,
}: {
  opened: boolean;
  category: Category | null;
  shop: Shop;
  onClose: () => void;
}) {
  const { t } = useTranslation(['categories', 'common']);
  const save = useSaveCategory();
  return (
    <CrudDialog<CategoryFormValues, CategoryBody>
      opened={opened}
      onClose={onClose}
      mode={category ? 'edit' : 'create'}
      titles={{ create: t('createTitle'), edit: t('editTitle') }}
      defaults={{ libelle: '', boutique: shop.idBoutique }}
      values={category ? { libelle: category.libelle, boutique: shop.idBoutique } : null}
      recordKey={category?.idCategorie ?? null}
      schema={categoryBody}
      onSave={(body, idempotencyKey) => save.mutateAsync({ idCategorie: category?.idCategorie ?? null, body, idempotencyKey })}
      successMessage={{ create: t('created'), edit: t('updated') }}
      failureMessage={t('error')}
      testId="category-dialog"
    >
      {(field) => <TextInput label={t('libelle')} maxLength={120} data-autofocus {...field('libelle')} />}
    </CrudDialog>
  );
}

/** app/categorie (seed 001 §2): the shop's categories; directors and managers keep them. */
export function CategoriesPage() {
  const { t } = useTranslation(['categories', 'common']);
  const remove = useDeleteCategory();
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Category>
          title={t('title')}
          subtitle={t('subtitle', { shop: shop.nom })}
          queryKey={queryKeys.categories.list(shop.idBoutique)}
          fetcher={(page, term, signal) => getCategoriesPage(shop.idBoutique, page, term, signal)}
          rowKey={(category) => category.idCategorie}
          searchLabel={t('search')}
          testId="categories-table"
          columns={[{ key: 'libelle', header: t('libelle'), render: (category) => category.libelle }]}
          create={{ label: t('new'), testId: 'new-category' }}
          form={(dialog) => (
            <CategoryFormDialog opened={dialog.opened} category={dialog.record} shop={shop} onClose={dialog.close} />
          )}
          remove={{
            itemName: (category) => category.libelle,
            message: (category) => t('deleteConfirm', { name: category.libelle }),
            onConfirm: (category, idempotencyKey) => remove.mutateAsync({ idCategorie: category.idCategorie, idempotencyKey }),
            successMessage: t('deleted'),
            failureMessage: t('error'),
          }}
        />
      )}
    </RequireShop>
  );
}
