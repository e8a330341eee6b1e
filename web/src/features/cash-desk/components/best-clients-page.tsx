import type { BestClient } from '@app/common/contracts/deliveries';
import { formatFcfa } from '@app/common/money';
import { Alert, Loader, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { queryKeys } from '../../../lib/query-keys';
import { getBestClients } from '../api/cash-desk-api';

type SortKey = 'nom' | 'prenom' | 'telephone' | 'adresse' | 'montant';

/** Sorted copy: text in French collation, amounts as numbers. */
export function sortBestClients(rows: readonly BestClient[], key: SortKey, ascending: boolean): BestClient[] {
  const collator = new Intl.Collator('fr', { sensitivity: 'base' });
  const sorted = [...rows].sort((a, b) => (key === 'montant' ? a.montant - b.montant : collator.compare(a[key], b[key])));
  return ascending ? sorted : sorted.reverse();
}

function BestClientsTable({ shopId }: { shopId: number }) {
  const { t } = useTranslation('cash-desk');
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({ key: 'montant', ascending: false });
  const query = useQuery({
    queryKey: queryKeys.cashDesk.bestClients(shopId),
    queryFn: ({ signal }) => getBestClients(shopId, signal),
  });
  if (query.isPending) return <Loader />;
  if (query.isError) return <Alert color="red">{t('common:table.loadError')}</Alert>;
  const rows = sortBestClients(query.data, sort.key, sort.ascending);
  const header = (key: SortKey, label: string) => (
    <Table.Th>
      <UnstyledButton
        onClick={() => setSort((s) => ({ key, ascending: s.key === key ? !s.ascending : key !== 'montant' }))}
        data-testid={`sort-${key}`}
        aria-sort={sort.key === key ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
      >
        <Text fw={700} size="sm" span>
          {label} {sort.key === key && (sort.ascending ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />)}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
  if (rows.length === 0) return <Text c="dimmed">{t('common:table.noData')}</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped data-testid="best-clients-table">
        <Table.Thead>
          <Table.Tr>
            {header('nom', t('best.nom'))}
            {header('prenom', t('best.prenom'))}
            {header('telephone', t('best.telephone'))}
            {header('adresse', t('best.adresse'))}
            {header('montant', t('best.montant'))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.idClient}>
              <Table.Td>{c.nom}</Table.Td>
              <Table.Td>{c.prenom}</Table.Td>
              <Table.Td>{c.telephone}</Table.Td>
              <Table.Td>{c.adresse}</Table.Td>
              <Table.Td>{formatFcfa(c.montant)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** app/client-meilleur (seed 001 §2; DECISIONS §6): clients ranked by amount invoiced this year. */
export function BestClientsPage() {
  const { t } = useTranslation('cash-desk');
  return (
    <RequireShop>
      {(shop) => (
        <Stack gap="lg">
          <PageHeader title={t('best.title')} subtitle={t('best.subtitle', { shop: shop.nom })} />
          <BestClientsTable shopId={shop.idBoutique} />
        </Stack>
      )}
    </RequireShop>
  );
}
