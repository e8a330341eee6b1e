import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { PagedTable, type Column, type PagedFetcher, type RowAction } from './paged-table';
import { useDialogState } from './use-dialog-state';

/** What the create/edit dialog of a list gets: open or not, and the record (null: create). */
export type FormDialogState<T> = { opened: boolean; record: T | null; close: () => void };

/** The two-step delete of a row (seed 000 §4), or a delete-like action such as "remove from shop". */
export type RemoveConfig<T> = {
  onConfirm: (row: T, idempotencyKey: string) => Promise<unknown>;
  /** The record's name, shown under the warning. */
  itemName: (row: T) => string;
  successMessage: string;
  failureMessage: string;
  /** Row action; the delete action (key `delete`, so test id `row-delete-{id}`) by default. */
  action?: { key: string; label: string; icon: ReactNode };
  /** Leaves the action out on rows where the API would refuse it. */
  hidden?: (row: T) => boolean;
  title?: string;
  /** The confirmation's text; the seed's delete warning by default. */
  message?: (row: T) => string;
  confirmLabel?: string;
};

type ListPageProps<T> = {
  title: string;
  subtitle?: ReactNode;
  /** The list's query key (from `lib/query-keys`); its mutations invalidate it. */
  queryKey: readonly unknown[];
  fetcher: PagedFetcher<T>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** Leave out for a list whose API has no search. */
  searchLabel?: string;
  /** Test id of the table (e.g. `shops-table`). */
  testId: string;
  /** The toolbar's "new" button, which opens `form` empty. */
  create?: { label: string; testId: string };
  /** Other toolbar buttons of this screen (export, import), after "new". */
  toolbarExtra?: ReactNode;
  /** The create/edit dialog. An edit action opens it with the row unless `editable` is false. */
  form?: (dialog: FormDialogState<T>) => ReactNode;
  editable?: boolean;
  /** Row actions of this screen, shown between edit and delete. */
  actions?: RowAction<T>[];
  remove?: RemoveConfig<T>;
  /** This screen's other dialogs. */
  children?: ReactNode;
};

/** A screen's title and the sentence under it. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" mt={4}>
          {subtitle}
        </Text>
      )}
    </div>
  );
}

/**
 * The one list screen (STYLE: a new screen is mostly configuration): title, the searchable
 * paged table, a "new" button, edit and delete row actions, the create/edit dialog and the
 * two-step delete with its snackbars. Shop screens wrap it in `RequireShop`.
 */
export function ListPage<T>(props: ListPageProps<T>) {
  const { title, subtitle, create, toolbarExtra, form, editable = true, actions = [], remove, children, ...table } = props;
  const { t } = useTranslation();
  const dialog = useDialogState<T>();
  // The row stays while the confirmation fades out.
  const [removal, setRemoval] = useState<{ row: T | null; opened: boolean }>({ row: null, opened: false });

  const rowActions: RowAction<T>[] = [
    ...(form && editable
      ? [{ key: 'edit', label: t('actions.edit'), icon: <IconPencil size={18} />, onClick: dialog.openWith }]
      : []),
    ...actions,
    ...(remove
      ? [
          {
            key: remove.action?.key ?? 'delete',
            label: remove.action?.label ?? t('actions.delete'),
            icon: remove.action?.icon ?? <IconTrash size={18} />,
            color: 'red',
            hidden: remove.hidden,
            onClick: (row: T) => setRemoval({ row, opened: true }),
          },
        ]
      : []),
  ];
  const removed = removal.row;

  return (
    <Stack gap="lg">
      <PageHeader title={title} subtitle={subtitle} />
      <PagedTable<T>
        {...table}
        label={title}
        actions={rowActions}
        toolbar={
          (create || toolbarExtra) && (
            <>
              {create && (
                <Button leftSection={<IconPlus size={18} />} onClick={dialog.openCreate} data-testid={create.testId}>
                  {create.label}
                </Button>
              )}
              {toolbarExtra}
            </>
          )
        }
      />
      {form?.({ opened: dialog.opened, record: dialog.record, close: dialog.close })}
      {remove && (
        <ConfirmDeleteDialog
          opened={removal.opened}
          onClose={() => setRemoval((current) => ({ ...current, opened: false }))}
          itemName={removed === null ? undefined : remove.itemName(removed)}
          onConfirm={(idempotencyKey) => (removed === null ? Promise.resolve() : remove.onConfirm(removed, idempotencyKey))}
          successMessage={remove.successMessage}
          failureMessage={remove.failureMessage}
          title={remove.title}
          message={removed === null ? undefined : remove.message?.(removed)}
          confirmLabel={remove.confirmLabel}
        />
      )}
      {children}
    </Stack>
  );
}
