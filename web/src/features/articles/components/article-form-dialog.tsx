import { createArticleBody, updateArticleBody, type Article, type CreateArticleBody } from '@app/common/contracts/articles';
import type { Shop } from '@app/common/contracts/shops';
import { can } from '@app/common/permissions';
import { Alert, NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CrudDialog } from '../../../components/crud-dialog';
import { EntityPicker } from '../../../components/entity-picker';
import { useDepotPicker } from '../../../components/pickers/depot-picker';
import { roleIds, useSession } from '../../../lib/session';
import { useShopIdentity } from '../../../lib/shop-identity';
import { articleVatBody, vatChoiceOf } from '../../../lib/legal-wire';
import { useLang } from '../../../lib/use-lang';
import { useSaveArticle, useShopSuppliers } from '../api/articles';
import { defaultVatLabel, vatSelectOptions } from '../vat-options';
import { useCategoryPicker } from './category-picker';

type Amount = number | string;
type ArticleFormValues = {
  designation: string;
  description: string;
  prix: Amount;
  prixAchat: Amount;
  stockMin: Amount;
  quantite: Amount;
  categorie: number | null;
  fournisseur: number | null;
  depot: number | null;
  codeBarre: string;
  boutique: number;
  /** `exempt`, a rate, or '' for the shop's default (issue 21). */
  tauxTva: string;
};

function valuesOf(article: Article, shopId: number): ArticleFormValues {
  const entry = article.stocks[0];
  return {
    designation: article.designation,
    description: article.description ?? '',
    prix: article.prix,
    prixAchat: article.prixAchat ?? '',
    stockMin: entry?.stockMin ?? 0,
    quantite: entry ? entry.quantiteEntree - entry.quantiteSortie : 0,
    categorie: article.categorie?.idCategorie ?? null,
    fournisseur: article.fournisseur?.idFournisseur ?? null,
    depot: entry?.depot.idDepot ?? null,
    codeBarre: article.codeBarre ?? '',
    boutique: shopId,
    tauxTva: vatChoiceOf(article),
  };
}

/**
 * Create/edit of an article (seed 001 §2, §5): designation, prices, minimum and quantity
 * required; category, supplier, depot pickers. In edit, the minimum and quantity are those of
 * the chosen depot's entry; a manager sees the prices, minimum and quantity disabled (the
 * server refuses a change of them anyway, DECISIONS §1).
 */
export function ArticleFormDialog({
  opened,
  article,
  shop,
  onClose,
}: {
  opened: boolean;
  article: Article | null;
  shop: Shop;
  onClose: () => void;
}) {
  const { t } = useTranslation(['articles', 'common', 'legal']);
  const lang = useLang();
  const session = useSession();
  const fullEdit = can({ roles: roleIds(session?.user) }, 'articles:fullEdit');
  const restricted = article !== null && !fullEdit;
  const save = useSaveArticle();
  const depotPicker = useDepotPicker(shop);
  const categoryPicker = useCategoryPicker(shop.idBoutique);
  const suppliers = useShopSuppliers(shop.idBoutique, opened);
  const defaults: ArticleFormValues = {
    designation: '',
    description: '',
    prix: '',
    prixAchat: '',
    stockMin: 0,
    quantite: '',
    categorie: null,
    fournisseur: null,
    depot: null,
    codeBarre: '',
    boutique: shop.idBoutique,
    tauxTva: '',
  };
  // Both schemas take the form's values; edit leaves the depot optional. The VAT rate (issue 21).
  const schema = z.preprocess(
    (values) => {
      // The rate select's choice becomes the contract's `tauxTva` or `tvaParDefaut` (issue 21).
      if (values === null || typeof values !== 'object') return values;
      const { tauxTva, ...rest } = values as { tauxTva?: unknown };
      return typeof tauxTva === 'string' ? { ...rest, ...articleVatBody(tauxTva) } : values;
    },
    article ? updateArticleBody : createArticleBody,
  ) as z.ZodType<CreateArticleBody>;
  const identity = useShopIdentity(shop.idBoutique, opened);
  const vatOptions = identity.isSuccess ? vatSelectOptions(identity.data, article?.tauxTva, lang, t('legal:vat.exempt')) : null;

  return (
    <CrudDialog<ArticleFormValues, CreateArticleBody>
      opened={opened}
      onClose={onClose}
      mode={article ? 'edit' : 'create'}
      titles={{ create: t('createTitle'), edit: t('editTitle') }}
      defaults={defaults}
      values={article ? valuesOf(article, shop.idBoutique) : null}
      recordKey={article?.idArticle ?? null}
      schema={schema}
      onSave={(body, idempotencyKey) => {
        if (!article) return save.mutateAsync({ idArticle: null, body, idempotencyKey });
        // A manager's edit leaves the stock alone: a sale meanwhile must not make it look changed.
        const { stockMin, quantite, ...rest } = body;
        return save.mutateAsync({
          idArticle: article.idArticle,
          body: restricted ? rest : { ...rest, stockMin, quantite },
          idempotencyKey,
        });
      }}
      successMessage={{ create: t('created'), edit: t('updated') }}
      failureMessage={t('error')}
      size={680}
      testId="article-dialog"
    >
      {(field, form) => (
        <>
          <TextInput label={t('designation')} maxLength={200} data-autofocus withAsterisk {...field('designation')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('prix')}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=" "
              hideControls
              withAsterisk
              disabled={restricted}
              {...field('prix')}
            />
            <NumberInput
              label={t('prixAchat')}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=" "
              hideControls
              withAsterisk
              disabled={restricted}
              {...field('prixAchat')}
            />
          </SimpleGrid>
          <EntityPicker
            config={depotPicker}
            value={form.values.depot}
            onChange={(id) => {
              form.setFieldValue('depot', id);
              const entry = article?.stocks.find((s) => s.depot.idDepot === id);
              if (article) {
                form.setFieldValue('stockMin', entry?.stockMin ?? 0);
                form.setFieldValue('quantite', entry ? entry.quantiteEntree - entry.quantiteSortie : 0);
              }
            }}
            label={t('depot')}
            placeholder={t('chooseDepot')}
            error={field('depot').error}
            enabled={opened}
            initialItem={
              article?.stocks[0] ? { ...article.stocks[0].depot, boutique: { idBoutique: shop.idBoutique, nom: shop.nom } } : null
            }
            testId="article-depot"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('stockMin')}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              withAsterisk
              disabled={restricted}
              {...field('stockMin')}
            />
            <NumberInput
              label={t('quantite')}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              withAsterisk
              disabled={restricted}
              {...field('quantite')}
            />
          </SimpleGrid>
          {restricted && (
            <Alert color="gray" variant="light">
              {t('managerRestricted')}
            </Alert>
          )}
          <EntityPicker
            config={categoryPicker}
            value={form.values.categorie}
            onChange={(id) => form.setFieldValue('categorie', id)}
            label={t('categorie')}
            placeholder={t('chooseCategory')}
            error={field('categorie').error}
            enabled={opened}
            initialItem={article?.categorie ? { ...article.categorie, boutique: { idBoutique: shop.idBoutique } } : null}
            testId="article-category"
          />
          {suppliers.isSuccess && (
            <Select
              label={t('fournisseur')}
              placeholder={t('chooseSupplier')}
              data={suppliers.data.map((s) => ({ value: String(s.idFournisseur), label: s.raisonSociale }))}
              value={form.values.fournisseur === null ? null : String(form.values.fournisseur)}
              onChange={(value) => form.setFieldValue('fournisseur', value ? Number(value) : null)}
              searchable
              clearable
              comboboxProps={{ withinPortal: true }}
              data-testid="article-supplier"
            />
          )}
          {vatOptions && identity.isSuccess && (
            <Select
              label={t('legal:vat.label')}
              description={identity.data.assujettiTva ? t('legal:vat.articleHint') : t('legal:vat.notSubject')}
              data={vatOptions}
              placeholder={t('legal:vat.shopDefault', { rate: defaultVatLabel(identity.data, lang, t('legal:vat.exempt')) })}
              clearable
              comboboxProps={{ withinPortal: true }}
              value={form.values.tauxTva === '' ? null : form.values.tauxTva}
              onChange={(value) => form.setFieldValue('tauxTva', value ?? '')}
              error={field('tauxTva').error}
              disabled={restricted}
              data-testid="article-vat"
            />
          )}
          <TextInput label={t('codeBarre')} maxLength={64} {...field('codeBarre')} />
          <Textarea label={t('description')} maxLength={1000} autosize minRows={2} {...field('description')} />
        </>
      )}
    </CrudDialog>
  );
}
