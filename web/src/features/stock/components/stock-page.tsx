import type { StockRow } from '@app/common/contracts/stock';
import type { Shop } from '@app/common/contracts/shops';
import { formatFcfa } from '@app/common/money';
import { can } from '@app/common/permissions';
import { Alert, Badge, Group, Select, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowsExchange } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/list-page';
import { PagedTable, type Column, type RowAction } from '../../../components/paged-table';
import { RequireShop } from '../../../components/require-shop';
import { queryKeys } from '../../../lib/query-keys';
import { roleIds, useSession } from '../../../lib/session';
import { getShopDepots } from '../../../lib/shop-depots';
import { getShopCategories, getStockPage, type StockScreenView } from '../api/stock-api';
import { PrintButton } from './print-button';
import { TransferDialog } from './transfer-dialog';

/** The columns of every stock list (issue 8): the row's red chip says it is at its limit. */
export function useStockColumns(): Column<StockRow>[] {
  const { t } = useTranslation('stock');
  const session = useSession();
  // The purchase price reaches only those who may see it (articles:cost): no empty column for the others.
  const canSeeCost = can({ roles: roleIds(session?.user) }, 'articles:cost');
  return [
    {
      key: 'designation',
      header: t('columns.designation'),
      render: (row) =>
        row.enLimite ? (
          <Badge
            color="red"
            variant="filled"
            radius="sm"
            tt="none"
            size="lg"
            h="auto"
            py={4}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
            data-testid="limit-chip"
            title={t('list.atLimit')}
          >
            {row.article.designation}
          </Badge>
        ) : (
          row.article.designation
        ),
    },
    { key: 'category', header: t('columns.category'), render: (row) => row.article.categorie?.libelle ?? '—' },
    { key: 'depot', header: t('columns.depot'), render: (row) => row.depot.libelle },
    { key: 'price', header: t('columns.price'), render: (row) => formatFcfa(row.article.prix) },
    ...(canSeeCost ? [{ key: 'cost', header: t('columns.cost'), render: (row: StockRow) => formatFcfa(row.article.prixAchat ?? 0) }] : []),
    { key: 'min', header: t('columns.min'), render: (row) => row.stockMin },
    { key: 'in', header: t('columns.in'), render: (row) => row.quantiteEntree },
    { key: 'out', header: t('columns.out'), render: (row) => row.quantiteSortie },
    {
      key: 'available',
      header: t('columns.available'),
      render: (row) => (
        <span data-testid="available" style={{ fontWeight: 600, color: row.enLimite ? 'var(--mantine-color-red-7)' : undefined }}>
          {row.quantiteDisponible}
        </span>
      ),
    },
  ];
}

const TITLES: Record<StockScreenView, string> = {
  all: 'list.titleAll',
  stock: 'list.titleStock',
  rupture: 'list.titleRupture',
  filter: 'list.titleFilter',
};

/** The print of each list (seed 001 §7 print PDFs). */
function printPath(view: StockScreenView, idBoutique: number, depot: number, categorie: number): string {
  if (view === 'stock') return `/api/imp/entree/boutique/stock/${idBoutique}`;
  if (view === 'rupture') return `/api/imp/entree/boutique/rupture/${idBoutique}`;
  return `/api/article/boutique/imprimer/${idBoutique}/${depot}/${categorie}`;
}

function StockList({ shop, view }: { shop: Shop; view: StockScreenView }) {
  const { t } = useTranslation(['stock', 'common']);
  const session = useSession();
  const user = { roles: roleIds(session?.user) };
  const columns = useStockColumns();
  const [params, setParams] = useSearchParams();
  const depot = view === 'filter' ? Number(params.get('depot') ?? 0) || 0 : 0;
  const categorie = view === 'filter' ? Number(params.get('categorie') ?? 0) || 0 : 0;
  const [atLimit, setAtLimit] = useState(false);
  const [moving, setMoving] = useState<StockRow | null>(null);

  const depots = useQuery({
    queryKey: queryKeys.depots.options(shop.idBoutique),
    queryFn: ({ signal }) => getShopDepots(shop.idBoutique, signal),
    enabled: view === 'filter',
  });
  const categories = useQuery({
    queryKey: queryKeys.stock.categories(shop.idBoutique),
    queryFn: ({ signal }) => getShopCategories(shop.idBoutique, signal),
    enabled: view === 'filter',
  });
  const setFilter = (name: 'depot' | 'categorie', value: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value && value !== '0') next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });

  const actions: RowAction<StockRow>[] = can(user, 'stock:manage')
    ? [{ key: 'transfer', label: t('transfer.action'), icon: <IconArrowsExchange size={18} />, onClick: setMoving }]
    : [];

  return (
    <Stack gap="lg">
      <PageHeader title={t(TITLES[view])} subtitle={t('list.subtitle', { shop: shop.nom })} />
      {atLimit && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="limit-alert">
          {t('list.limitMessage')}
        </Alert>
      )}
      {view === 'filter' && (
        <Group gap="sm" wrap="wrap">
          <Select
            label={t('list.depotFilter')}
            data={[{ value: '0', label: t('list.allDepots') }, ...(depots.data ?? []).map((d) => ({ value: String(d.idDepot), label: d.libelle }))]}
            value={String(depot)}
            onChange={(value) => setFilter('depot', value)}
            allowDeselect={false}
            style={{ flex: '1 1 200px', maxWidth: 300 }}
            data-testid="filter-depot"
          />
          <Select
            label={t('list.categoryFilter')}
            data={[
              { value: '0', label: t('list.allCategories') },
              ...(categories.data ?? []).map((c) => ({ value: String(c.idCategorie), label: c.libelle })),
            ]}
            value={String(categorie)}
            onChange={(value) => setFilter('categorie', value)}
            allowDeselect={false}
            style={{ flex: '1 1 200px', maxWidth: 300 }}
            data-testid="filter-category"
          />
        </Group>
      )}
      <PagedTable<StockRow>
        queryKey={queryKeys.stock.list(shop.idBoutique, view, depot, categorie)}
        fetcher={async (page, term, signal) => {
          const result = await getStockPage(shop.idBoutique, view, { depot, categorie }, page, term, signal);
          // DECISIONS §5: a loaded page with an entry at its limit says so.
          setAtLimit(result.data.some((row) => row.enLimite));
          return result;
        }}
        columns={columns}
        rowKey={(row) => row.idEntree}
        actions={actions}
        label={t(TITLES[view])}
        searchLabel={t('list.search')}
        testId="stock-table"
        toolbar={
          can(user, 'stock:print') && (
            <PrintButton path={printPath(view, shop.idBoutique, depot, categorie)} label={t('list.print')} testId="stock-print" />
          )
        }
      />
      <TransferDialog shop={shop} row={moving} onClose={() => setMoving(null)} />
    </Stack>
  );
}

/** app/articlesPaginate, app/article-quantite-stock, app/article-quantite-sortie, app/article-categorie (seed 001 §2). */
export function StockPage({ view }: { view: StockScreenView }) {
  return <RequireShop>{(shop) => <StockList key={view} shop={shop} view={view} />}</RequireShop>;
}

export const AllStockPage = () => <StockPage view="all" />;
export const InStockPage = () => <StockPage view="stock" />;
export const SoldOutPage = () => <StockPage view="rupture" />;
export const FilteredStockPage = () => <StockPage view="filter" />;
