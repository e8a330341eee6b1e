import { Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { FcfaAmount } from '../../../components/fcfa-amount';
import { MOBILE_QUERY } from '../../../lib/media';

export type FigureColumn<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** A figure: right-aligned, in tabular digits. */
  numeric?: boolean;
  /** Left out on a phone, where another column says it under its own figure (`under`). */
  wideOnly?: boolean;
  /** On a phone only: a smaller line under the figure, saying what the left-out columns say. */
  under?: (row: T) => ReactNode;
  /** The cell's text colour (a loss in red). */
  color?: (row: T) => string | undefined;
  /** Left empty in the total row (a figure that does not add up across rows). */
  noTotal?: boolean;
  /** The total's cell test id. */
  totalTestId?: string;
};

/** A column of amounts in FCFA: `amount` of each row, formatted, right-aligned; on a phone « FCFA » may go under the digits. */
export function moneyColumn<T>(
  key: string,
  header: string,
  amount: (row: T) => number,
  more: Partial<FigureColumn<T>> = {},
): FigureColumn<T> {
  return { key, header, render: (row) => <FcfaAmount value={amount(row)} />, numeric: true, ...more };
}

type FigureTableProps<T> = {
  columns: FigureColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** The last row: its first column says `label`, the others are the row's figures. */
  total?: { label: string; row: T; testId?: string };
  /** Width under which the table scrolls sideways, on a wider screen than a phone. */
  minWidth: number;
  testId?: string;
  rowTestId?: string;
};

/**
 * The report's tables (stock per depot, the period's days, the shops side by side): every column
 * from 769 px; on a phone the columns marked `wideOnly` are said under the others' figures, so the
 * table fits the screen instead of scrolling sideways past its amounts.
 */
export function FigureTable<T>({ columns, rows, rowKey, total, minWidth, testId, rowTestId }: FigureTableProps<T>) {
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const shown = isMobile ? columns.filter((column) => !column.wideOnly) : columns;
  const cell = (column: FigureColumn<T>, row: T) => {
    const under = isMobile ? column.under?.(row) : null;
    return (
      <>
        {column.render(row)}
        {under !== null && under !== undefined && under !== false && (
          <Text component="div" fz="xs" c="dimmed" fw={400}>
            {under}
          </Text>
        )}
      </>
    );
  };
  const align = (column: FigureColumn<T>) => (column.numeric ? 'right' : undefined);
  const [first, ...rest] = shown;
  if (!first) return null;
  return (
    <Table.ScrollContainer minWidth={isMobile ? 0 : minWidth}>
      <Table
        striped
        highlightOnHover
        horizontalSpacing={isMobile ? 6 : 'sm'}
        fz={isMobile ? 'sm' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th key={column.key} ta={align(column)}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
              {shown.map((column) => (
                <Table.Td key={column.key} ta={align(column)} c={column.color?.(row)} style={{ verticalAlign: 'top' }}>
                  {cell(column, row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {total && (
          <Table.Tfoot>
            <Table.Tr data-testid={total.testId}>
              <Table.Th style={{ verticalAlign: 'top' }}>{total.label}</Table.Th>
              {rest.map((column) =>
                column.noTotal ? (
                  <Table.Td key={column.key} />
                ) : (
                  <Table.Td
                    key={column.key}
                    ta={align(column)}
                    c={column.color?.(total.row)}
                    fw={700}
                    style={{ verticalAlign: 'top' }}
                    data-testid={column.totalTestId}
                  >
                    {cell(column, total.row)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
