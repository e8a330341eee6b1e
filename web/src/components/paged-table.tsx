import type { Page } from '@app/common/contracts/paging';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconRefresh, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../lib/media';
import { ApiError } from '../lib/api-error';
import { Pager } from './pager';
import { SEARCH_MAX_LENGTH } from './table-params';
import { useTableState } from './use-table-state';

export type Column<T> = { key: string; header: string; render: (row: T) => ReactNode };

export type RowAction<T> = {
  key: string;
  label: string;
  icon: ReactNode;
  color?: string;
  onClick: (row: T) => void;
  /** Leaves the action out on rows where the API would refuse it (e.g. removing oneself). */
  hidden?: (row: T) => boolean;
  /** Shows the action greyed with this reason as its tooltip (seed 001 §4: a settled invoice's pay icon), or null when allowed. */
  disabledReason?: (row: T) => string | null;
};

export type PagedFetcher<T> = (page: number, term: string, signal?: AbortSignal) => Promise<Page<T>>;

type PagedTableProps<T> = {
  /** The list's query key; mutations invalidate it. Page and term are appended. */
  queryKey: readonly unknown[];
  fetcher: PagedFetcher<T>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  actions?: RowAction<T>[];
  /** Accessible name of the table, and of the search box. */
  label: string;
  /** The search box's name; a list whose API has no search (credit notes) passes none and shows no box. */
  searchLabel?: string;
  /** Buttons shown beside the search box (e.g. "New"). */
  toolbar?: ReactNode;
  testId?: string;
  /** Page and search term in the URL (the default); false for a list inside a dialog. */
  stateInUrl?: boolean;
};

/**
 * The one list of the app (seed 000 §2): server pages `{ data, current_page, last_page }`,
 * a debounced search, 5 page buttons, the no-data message, a card per row below 769 px, and a
 * load failure shown with a retry (DECISIONS §10). Page and term live in the URL.
 */
export function PagedTable<T>({
  queryKey,
  fetcher,
  columns,
  rowKey,
  actions = [],
  label,
  searchLabel,
  toolbar,
  testId,
  stateInUrl = true,
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const { page, term, search, setSearch, setPage, settlePage } = useTableState(stateInUrl);

  const query = useQuery({
    queryKey: [...queryKey, { page, term }],
    queryFn: async ({ signal }) => {
      const result = await fetcher(page, term, signal);
      // A deletion can leave the asked page past the end: show the last one instead.
      if (result.last_page >= 1 && page > result.last_page) return fetcher(result.last_page, term, signal);
      return result;
    },
    placeholderData: keepPreviousData,
  });
  const shownPage = query.isPlaceholderData ? undefined : query.data?.current_page;
  useEffect(() => {
    if (shownPage !== undefined) settlePage(shownPage);
    // settlePage is a new function each render; only the shown page matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownPage]);

  const rows = query.data?.data ?? [];
  const shownActions = (row: T) => actions.filter((action) => !action.hidden?.(row));
  const actionCell = (row: T) => {
    const group = (
      // Wrapping: a row of many actions (an invoice has up to six) takes two lines in a narrow table
      // rather than pushing the last ones past the table's edge.
      <Group gap={6} wrap="wrap" justify={isMobile ? 'flex-end' : 'flex-start'}>
        {shownActions(row).map((action) => {
          const reason = action.disabledReason?.(row) ?? null;
          // A greyed action keeps its tooltip: `data-disabled` rather than `disabled`, which would swallow the hover.
          const onClick = reason ? undefined : () => action.onClick(row);
          return isMobile ? (
            <Button
              key={action.key}
              size="compact-sm"
              variant="light"
              color={action.color}
              leftSection={action.icon}
              onClick={onClick}
              disabled={reason !== null}
              title={reason ?? undefined}
              aria-label={reason ? `${action.label} (${reason})` : action.label}
              data-testid={`row-${action.key}-${rowKey(row)}`}
            >
              {action.label}
            </Button>
          ) : (
            <Tooltip key={action.key} label={reason ?? action.label} withArrow openDelay={reason ? 0 : 300}>
              <ActionIcon
                variant="light"
                size={34}
                color={action.color}
                onClick={onClick}
                data-disabled={reason ? true : undefined}
                aria-disabled={reason ? true : undefined}
                aria-label={reason ? `${action.label} (${reason})` : action.label}
                data-testid={`row-${action.key}-${rowKey(row)}`}
              >
                {action.icon}
              </ActionIcon>
            </Tooltip>
          );
        })}
      </Group>
    );
    if (!isMobile) return group;
    // A touch screen has no hover: the reason a greyed action is off is written under the buttons (issue 22).
    const reasons = shownActions(row).flatMap((action) => {
      const reason = action.disabledReason?.(row) ?? null;
      return reason ? [{ key: action.key, reason }] : [];
    });
    if (reasons.length === 0) return group;
    return (
      <Stack gap={4} align="flex-end">
        {group}
        {reasons.map(({ key, reason }) => (
          <Text key={key} fz="xs" c="dimmed" ta="right" data-testid={`row-${key}-reason-${rowKey(row)}`}>
            {reason}
          </Text>
        ))}
      </Stack>
    );
  };

  let body: ReactNode;
  if (query.isError && !query.data) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={t('table.loadError')} data-testid="table-error">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{query.error instanceof ApiError ? query.error.message : t('errors:INTERNAL')}</Text>
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void query.refetch()}
          >
            {t('actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (query.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('table.loading')}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={44} radius="md" />
        ))}
      </Stack>
    );
  } else if (rows.length === 0) {
    body = (
      <Card withBorder radius="md" py="xl">
        <Text ta="center" c="dimmed" data-testid="table-no-data">
          {t('table.noData')}
        </Text>
      </Card>
    );
  } else if (isMobile) {
    body = (
      <Stack gap="sm" role="list" aria-label={label}>
        {rows.map((row) => (
          <Card key={rowKey(row)} withBorder radius="md" p="md" role="listitem" data-testid="table-row">
            <Stack gap={6}>
              {columns.map((column, index) => (
                <Group key={column.key} gap="xs" wrap="nowrap" align="baseline">
                  {index > 0 && (
                    <Text fz="xs" c="dimmed" w={90} style={{ flexShrink: 0 }}>
                      {column.header}
                    </Text>
                  )}
                  {/* A div: cells may hold badges, images or buttons, which a <p> must not contain. */}
                  <Text
                    component="div"
                    fw={index === 0 ? 600 : 400}
                    fz={index === 0 ? 'md' : 'sm'}
                    style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {column.render(row)}
                  </Text>
                </Group>
              ))}
              {actions.length > 0 && <Box mt={4}>{actionCell(row)}</Box>}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Card withBorder radius="md" p={0}>
        <Table.ScrollContainer minWidth={560}>
          {/* Wide lists (e.g. the director's invoices: 8 columns and 4 actions) keep every action in view at 1280 px. */}
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing={columns.length + actions.length > 9 ? 'xs' : 'md'}
            aria-label={label}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key}>{column.header}</Table.Th>
                ))}
                {actions.length > 0 && <Table.Th w={Math.max(120, actions.length * 46)}>{t('table.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)} data-testid="table-row">
                  {columns.map((column) => (
                    <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                  ))}
                  {actions.length > 0 && <Table.Td>{actionCell(row)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    );
  }

  return (
    <Stack gap="md" data-testid={testId}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        {searchLabel !== undefined && (
          <TextInput
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder={t('table.searchPlaceholder')}
            aria-label={searchLabel}
            leftSection={<IconSearch size={18} />}
            rightSection={query.isFetching && !query.isPending ? <Loader size={16} /> : null}
            maxLength={SEARCH_MAX_LENGTH}
            type="search"
            size="sm"
            style={{ flex: '1 1 220px', maxWidth: 420 }}
            data-testid="table-search"
          />
        )}
        {toolbar}
      </Group>
      <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{body}</Box>
      {query.data && (
        <Pager page={query.data.current_page} last={query.data.last_page} onChange={setPage} disabled={query.isFetching} />
      )}
    </Stack>
  );
}
