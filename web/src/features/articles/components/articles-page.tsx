import type { Article } from '@app/common/contracts/articles';
import { formatFcfa } from '@app/common/money';
import { can } from '@app/common/permissions';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconEye, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { ApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { roleIds, useSession } from '../../../lib/session';
import { useLang } from '../../../lib/use-lang';
import { vatLabel } from '../vat-options';
import { downloadArticlesCsv, getArticlesPage, useDeleteArticle } from '../api/articles';
import { ArticleDetailDialog } from './article-detail-dialog';
import { ArticleFormDialog } from './article-form-dialog';
import { ArticleImportDialog } from './article-import-dialog';

/**
 * app/articles (seed 001 §2): the shop's articles with their stock; everyone of the shop reads
 * them, directors and managers keep them, directors delete. A row at its limit shows the red
 * chip, and a page holding one says so once (DECISIONS §5).
 */
export function ArticlesPage() {
  const { t } = useTranslation(['articles', 'common', 'legal']);
  const lang = useLang();
  const session = useSession();
  const roles = { roles: roleIds(session?.user) };
  const canManage = can(roles, 'catalogue:manage');
  const canDelete = can(roles, 'articles:delete');
  const canExport = can(roles, 'stock:print');
  const canSeeCost = can(roles, 'articles:cost');
  const remove = useDeleteArticle();
  const [detail, setDetail] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const warned = useRef(false);

  const exportCsv = async (idBoutique: number) => {
    setExporting(true);
    try {
      await downloadArticlesCsv(idBoutique);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('error'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Article>
          title={t('title')}
          subtitle={t('subtitle', { shop: shop.nom })}
          queryKey={queryKeys.articles.list(shop.idBoutique)}
          fetcher={async (page, term, signal) => {
            const result = await getArticlesPage(shop.idBoutique, page, term, signal);
            if (!warned.current && result.data.some((a) => a.enLimite)) {
              warned.current = true;
              notifyError(t('lowStock'));
            }
            return result;
          }}
          rowKey={(article) => article.idArticle}
          searchLabel={t('search')}
          testId="articles-table"
          columns={[
            {
              key: 'designation',
              header: t('designation'),
              render: (a) =>
                a.enLimite ? (
                  <Badge color="red" variant="filled" data-testid="limit-chip" style={{ textTransform: 'none' }}>
                    {a.designation}
                  </Badge>
                ) : (
                  a.designation
                ),
            },
            { key: 'categorie', header: t('categorie'), render: (a) => a.categorie?.libelle ?? t('none') },
            { key: 'prix', header: t('prix'), render: (a) => formatFcfa(a.prix) },
            // The rate the article's lines get on invoices (issue 21); blank until the server sends it.
            {
              key: 'tva',
              header: t('legal:vat.label'),
              render: (a) => vatLabel(a.tauxTva, lang, t('legal:vat.exempt')),
            },
            // The purchase price reaches only those who may see it (articles:cost): no empty column for the others.
            ...(canSeeCost ? [{ key: 'prixAchat', header: t('prixAchat'), render: (a: Article) => formatFcfa(a.prixAchat ?? 0) }] : []),
            {
              key: 'quantite',
              header: t('disponible'),
              render: (a) => (
                <Text span fw={600} c={a.enLimite ? 'red' : undefined}>
                  {a.quantite}
                </Text>
              ),
            },
            { key: 'depots', header: t('depot'), render: (a) => a.stocks.map((s) => s.depot.libelle).join(', ') || t('none') },
          ]}
          create={canManage ? { label: t('new'), testId: 'new-article' } : undefined}
          toolbarExtra={
            (canManage || canExport) && (
              <Group gap="xs">
                {canExport && (
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={18} />}
                    loading={exporting}
                    onClick={() => void exportCsv(shop.idBoutique)}
                    data-testid="articles-export"
                  >
                    {t('export')}
                  </Button>
                )}
                {canManage && (
                  <Button
                    variant="default"
                    leftSection={<IconUpload size={18} />}
                    onClick={() => setImporting(true)}
                    data-testid="articles-import"
                  >
                    {t('importButton')}
                  </Button>
                )}
              </Group>
            )
          }
          form={(dialog) => (
            <ArticleFormDialog opened={dialog.opened} article={dialog.record} shop={shop} onClose={dialog.close} />
          )}
          editable={canManage}
          actions={[{ key: 'view', label: t('view'), icon: <IconEye size={18} />, onClick: (a) => setDetail(a.idArticle) }]}
          remove={
            canDelete
              ? {
                  itemName: (a) => a.designation,
                  message: (a) => t('deleteWarning', { name: a.designation }),
                  onConfirm: (a, idempotencyKey) => remove.mutateAsync({ idArticle: a.idArticle, idempotencyKey }),
                  successMessage: t('deleted'),
                  failureMessage: t('error'),
                }
              : undefined
          }
        >
          <ArticleDetailDialog idArticle={detail} canUpload={can(roles, 'articles:fullEdit')} onClose={() => setDetail(null)} />
          <ArticleImportDialog opened={importing} shop={shop} onClose={() => setImporting(false)} />
        </ListPage>
      )}
    </RequireShop>
  );
}
