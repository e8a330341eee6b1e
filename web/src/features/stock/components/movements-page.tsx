import { printedName } from '@app/common/contracts/person';
import type { Movement } from '@app/common/contracts/stock';
import type { Shop } from '@app/common/contracts/shops';
import { formatFcfa } from '@app/common/money';
import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/list-page';
import { PagedTable } from '../../../components/paged-table';
import { RequireShop } from '../../../components/require-shop';
import { useFormatDate } from '../../../lib/dates';
import { queryKeys } from '../../../lib/query-keys';
import { getMovementsPage } from '../api/stock-api';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function KindBadge({ movement }: { movement: Movement }) {
  return (
    // Its words whole, on two lines in a narrow cell (« Ajustement d'inventaire » in the detail at 375 px).
    <Badge
      variant="light"
      color={movement.quantite > 0 ? 'brand' : 'red'}
      tt="none"
      radius="sm"
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
    >
      {movement.libelle}
    </Badge>
  );
}

function MovementDetail({ movement, onClose }: { movement: Movement | null; onClose: () => void }) {
  const { t } = useTranslation(['stock', 'common']);
  const formatDate = useFormatDate();
  const article = movement?.ligneArticle.articlesPK.article;
  const rows: [string, React.ReactNode][] = movement && article
    ? [
        [t('columns.designation'), article.designation],
        [t('columns.price'), formatFcfa(article.prix)],
        [t('columns.category'), article.categorie?.libelle ?? '—'],
        [t('columns.description'), article.description || '—'],
        [t('movements.kind'), <KindBadge key="kind" movement={movement} />],
        [t('movements.quantity'), signed(movement.quantite)],
        [t('movements.balance'), movement.stockApres],
        [t('columns.depot'), movement.depot.libelle],
        [t('movements.reason'), movement.motif ?? '—'],
        [t('movements.date'), formatDate(movement.createdAt, 'dateTime')],
        // The person as the table names them (first name, then name).
        [
          t('movements.user'),
          movement.user ? printedName({ prenom: movement.user.prenom ?? '', nom: movement.user.nom ?? '', username: movement.user.username }) : '—',
        ],
      ]
    : [];
  return (
    <Modal opened={movement !== null} onClose={onClose} title={t('movements.detailTitle')} size={520}>
      <Stack gap="md" data-testid="movement-detail">
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={150}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Movements({ shop }: { shop: Shop }) {
  const { t } = useTranslation(['stock', 'common']);
  const formatDate = useFormatDate();
  const [shown, setShown] = useState<Movement | null>(null);
  return (
    <Stack gap="lg">
      <PageHeader title={t('movements.title')} subtitle={t('movements.subtitle', { shop: shop.nom })} />
      <PagedTable<Movement>
        queryKey={queryKeys.stock.movements(shop.idBoutique)}
        fetcher={(page, term, signal) => getMovementsPage(shop.idBoutique, page, term, signal)}
        rowKey={(m) => m.idInventaire}
        label={t('movements.title')}
        searchLabel={t('movements.search')}
        testId="movements-table"
        columns={[
          { key: 'designation', header: t('columns.designation'), render: (m) => m.ligneArticle.articlesPK.article.designation },
          { key: 'kind', header: t('movements.kind'), render: (m) => <KindBadge movement={m} /> },
          { key: 'quantity', header: t('movements.quantity'), render: (m) => <span data-testid="movement-quantity">{signed(m.quantite)}</span> },
          { key: 'depot', header: t('columns.depot'), render: (m) => m.depot.libelle },
          { key: 'price', header: t('columns.price'), render: (m) => formatFcfa(m.ligneArticle.articlesPK.article.prix) },
          { key: 'category', header: t('columns.category'), render: (m) => m.ligneArticle.articlesPK.article.categorie?.libelle ?? '—' },
          // The seed's description column: the article's description, cut to two lines (the detail shows it whole).
          {
            key: 'description',
            header: t('columns.description'),
            render: (m) => (
              <Text size="sm" lineClamp={2} maw={240} data-testid="movement-description">
                {m.ligneArticle.articlesPK.article.description || '—'}
              </Text>
            ),
          },
          // Named as the documents name a person (first name and name, else the username).
          { key: 'user', header: t('movements.user'), render: (m) => (m.user ? printedName({ prenom: m.user.prenom ?? '', nom: m.user.nom ?? '', username: m.user.username }) : '—') },
          { key: 'date', header: t('movements.date'), render: (m) => formatDate(m.createdAt, 'dateTime') },
        ]}
        actions={[{ key: 'view', label: t('movements.view'), icon: <IconEye size={18} />, onClick: setShown }]}
      />
      <MovementDetail movement={shown} onClose={() => setShown(null)} />
      <Text size="xs" c="dimmed">
        {t('movements.readOnly')}
      </Text>
    </Stack>
  );
}

/** app/mouvement-articles (seed 001 §2): every stock change, read-only, searchable, with a detail dialog. */
export function MovementsPage() {
  return <RequireShop>{(shop) => <Movements shop={shop} />}</RequireShop>;
}
