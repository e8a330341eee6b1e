import { categoryBody, type Category, type CategoryBody } from '@app/common/contracts/categories';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EntityPickerConfig } from '../../../components/entity-picker';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { getShopCategories } from '../api/articles';

type CategoryQuickAddValues = { libelle: string; boutique: number };

/** The category picker of the article dialog, with "+" to create a category on the spot. */
export function useCategoryPicker(idBoutique: number): EntityPickerConfig<Category, CategoryQuickAddValues, CategoryBody> {
  const { t } = useTranslation(['categories']);
  return {
    queryKey: queryKeys.categories.options(idBoutique),
    source: { kind: 'list', load: (signal) => getShopCategories(idBoutique, signal) },
    idOf: (category) => category.idCategorie,
    labelOf: (category) => category.libelle,
    invalidates: queryKeys.categories.all,
    testId: 'category-picker',
    quickAdd: {
      label: t('categories:new'),
      title: t('categories:createTitle'),
      defaults: { libelle: '', boutique: idBoutique },
      schema: categoryBody,
      fields: (field) => <TextInput label={t('categories:libelle')} maxLength={120} data-autofocus {...field('libelle')} />,
      create: (body, idempotencyKey) => apiFetch<Category>('/api/categories', { method: 'POST', body, idempotencyKey }),
      successMessage: t('categories:created'),
      failureMessage: t('categories:error'),
      permission: 'catalogue:manage',
    },
  };
}
