import type { BestClient } from '@app/common/contracts/deliveries';
import { formatFcfa } from '@app/common/money';
import { ActionIcon, Alert, Card, Group, Loader, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FcfaAmount } from '../../../components/fcfa-amount';
import { PageHeader } from '../../../components/list-page';
import { MOBILE_QUERY } from '../../../lib/media';
import { RequireShop } from '../../../components/require-shop';
import { queryKeys } from '../../../lib/query-keys';
import { getBestClients } from '../api/cash-desk-api';

const SORT_KEYS = ['montant', 'nom', 'prenom', 'telephone', 'adresse'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** Sorted copy: text in French collation, amounts as numbers. */
export function sortBestClients(rows: readonly BestClient[], key: SortKey, ascending: boolean): BestClient[] {
  const collator = new Intl.Collator('fr', { sensitivity: 'base' });
  const sorted = [...rows].sort((a, b) => (key === 'montant' ? a.montant - b.montant : collator.compare(a[key], b[key])));
  return ascending ? sorted : sorted.reverse();
}

function BestClientsTable({ shopId }: { shopId: number }) {
  const { t } = useTranslation('cash-desk');
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({ key: 'montant', ascending: false });
  const query = useQuery({
    queryKey: queryKeys.cashDesk.bestClients(shopId),
    queryFn: ({ signal }) => getBestClients(shopId, signal),
  });
  if (query.isPending) return <Loader />;
  if (query.isError) return <Alert color="red">{t('common:table.loadError')}</Alert>;
  const rows = sortBestClients(query.data, sort.key, sort.ascending);
  /** A column chosen again turns its order; a new one starts A to Z, the amount from the largest. */
  const sortBy = (key: SortKey) => setSort((s) => ({ key, ascending: s.key === key ? !s.ascending : key !== 'montant' }));
  if (rows.length === 0) return <Text c="dimmed">{t('common:table.noData')}</Text>;
  if (isMobile) {
    // A phone: one card per client, the amount in view without scrolling sideways; the order chosen above them.
    return (
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Select
            label={t('best.sortBy')}
            data={SORT_KEYS.map((key) => ({ value: key, label: t(`best.${key}`) }))}
            value={sort.key}
            onChange={(key) => key && setSort({ key: key as SortKey, ascending: key !== 'montant' })}
            allowDeselect={false}
            style={{ flex: 1 }}
            data-testid="best-clients-sort"
          />
          <ActionIcon
            variant="default"
            size={36}
            onClick={() => setSort((s) => ({ ...s, ascending: !s.ascending }))}
            aria-label={sort.ascending ? t('best.ascending') : t('best.descending')}
            data-testid="best-clients-order"
          >
            {sort.ascending ? <IconArrowUp size={18} /> : <IconArrowDown size={18} />}
          </ActionIcon>
        </Group>
        <Stack gap="sm" role="list" data-testid="best-clients-cards">
          {rows.map((c) => (
            <Card key={c.idClient} withBorder radius="md" p="md" role="listitem" data-testid="best-client">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Text fw={700} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {c.nom} {c.prenom}
                </Text>
                <Text
                  fw={700}
                  ta="right"
                  style={{ fontVariantNumeric: 'tabular-nums', flex: 'none', maxWidth: '50%' }}
                  data-testid="best-client-amount"
                >
                  <FcfaAmount value={c.montant} />
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {c.telephone}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {c.adresse}
              </Text>
            </Card>
          ))}
        </Stack>
      </Stack>
    );
  }
  const header = (key: SortKey, label: string) => (
    <Table.Th>
      <UnstyledButton
        onClick={() => sortBy(key)}
        data-testid={`sort-${key}`}
        aria-sort={sort.key === key ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
      >
        <Text fw={700} size="sm" span>
          {label} {sort.key === key && (sort.ascending ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />)}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
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
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFcfa(c.montant)}</Table.Td>
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
