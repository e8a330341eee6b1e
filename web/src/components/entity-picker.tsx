import { can, type Permission } from '@app/common/permissions';
import { ActionIcon, Group, Input, Loader, Select, Text, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useInvalidate } from '../lib/query-keys';
import { roleIds, useSession } from '../lib/session';
import { CrudDialog, type FieldProps } from './crud-dialog';
import { chosenItem, matchingOptions, pickerOptions, searchTermOf, type PickerOption } from './entity-options';

/** Where the choices come from: a whole list filtered here, or a search on the server. */
export type EntitySource<T> =
  | { kind: 'list'; load: (signal?: AbortSignal) => Promise<T[]> }
  | { kind: 'search'; search: (term: string, signal?: AbortSignal) => Promise<T[]> };

/** The small dialog behind the "+" button: its record is chosen as soon as it is created. */
export type QuickAddConfig<T, V extends object, P> = {
  /** The "+" button's name, and the dialog's title. */
  label: string;
  title: string;
  defaults: V;
  /** The contract schema of the create call: the form's validator. */
  schema: z.ZodType<P>;
  fields: (field: FieldProps, form: UseFormReturnType<V>) => ReactNode;
  create: (body: P, idempotencyKey: string) => Promise<T>;
  successMessage: string;
  failureMessage: string;
  /** Who may create such a record; the "+" is left out for the others (the server refuses them anyway). */
  permission?: Permission;
};

/**
 * One entity's picker (client, driver, supplier, article, depot): how to load or search its
 * records, name them, and create one on the spot. Built once per entity, used by every dialog.
 */
export type EntityPickerConfig<T, V extends object = object, P = unknown> = {
  /** Key of the choices (from `lib/query-keys`); a search appends its term. */
  queryKey: QueryKey;
  source: EntitySource<T>;
  idOf: (item: T) => number;
  labelOf: (item: T) => string;
  /**
   * A second line (a phone number): under each choice in the list, searched with the name, and
   * under the select once chosen, so that a long one never cuts the name on a phone.
   */
  detailOf?: (item: T) => string;
  /** Reloaded after a quick add (every list of the entity); the choices' key by default. */
  invalidates?: QueryKey;
  quickAdd?: QuickAddConfig<T, V, P>;
  /** Test ids: the select `{testId}`, its add button `{testId}-add`, the quick-add form `{testId}-quick-add`. */
  testId: string;
};

type EntityPickerProps<T, V extends object, P> = {
  config: EntityPickerConfig<T, V, P>;
  value: number | null;
  onChange: (id: number | null, item: T | null) => void;
  label: string;
  placeholder?: string;
  nothingFound?: string;
  error?: ReactNode;
  leftSection?: ReactNode;
  /** Load the choices only while needed (the dialog is open). */
  enabled?: boolean;
  /** The record's current item (edit mode), named before any search found it. */
  initialItem?: T | null;
  /** This dialog's name for the select in tests; the config's otherwise. */
  testId?: string;
};

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A searchable select with a "+" that opens a quick-add dialog (seed 001 §2: add a client from
 * the invoice, a driver from the payment, delivery and reception dialogs). The select takes the
 * row's width minus the button, so it fits a 375 px phone.
 */
export function EntityPicker<T, V extends object, P>({
  config,
  value,
  onChange,
  label,
  placeholder,
  nothingFound,
  error,
  leftSection,
  enabled = true,
  initialItem = null,
  testId = config.testId,
}: EntityPickerProps<T, V, P>) {
  const { t } = useTranslation();
  const session = useSession();
  const invalidate = useInvalidate();
  const inputId = useId();
  const { source, idOf, labelOf, detailOf, quickAdd } = config;
  const [remembered, setRemembered] = useState<T | null>(initialItem);
  const [searchValue, setSearchValue] = useState('');
  const [adding, setAdding] = useState(false);

  const rememberedLabel = remembered !== null && idOf(remembered) === value ? labelOf(remembered) : null;
  const [term] = useDebouncedValue(searchTermOf(searchValue, rememberedLabel), SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: source.kind === 'search' ? [...config.queryKey, { term }] : config.queryKey,
    queryFn: ({ signal }) => (source.kind === 'search' ? source.search(term, signal) : source.load(signal)),
    enabled,
    // Records change on other screens: read again each time the dialog opens.
    staleTime: 0,
    placeholderData: source.kind === 'search' ? keepPreviousData : undefined,
  });
  const items = query.data ?? [];
  const chosen = chosenItem(value, items, remembered, idOf);
  const options = pickerOptions(items, chosen, { idOf, labelOf, detailOf });
  const canAdd = quickAdd !== undefined && (!quickAdd.permission || can({ roles: roleIds(session?.user) }, quickAdd.permission));

  const choose = (item: T | null) => {
    setRemembered(item);
    onChange(item === null ? null : idOf(item), item);
  };

  return (
    <>
      <Input.Wrapper
        label={label}
        description={chosen !== null && detailOf ? detailOf(chosen) : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={error}
        id={inputId}
        size="md"
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Select
            id={inputId}
            data={options}
            value={value === null ? null : String(value)}
            onChange={(next) => choose(next === null ? null : (chosenItem(Number(next), items, chosen, idOf) ?? null))}
            searchable
            searchValue={searchValue}
            onSearchChange={setSearchValue}
            // The server already searched; filtering its answer again would hide accent variants.
            filter={
              source.kind === 'search'
                ? ({ options: found }) => found
                : detailOf
                  ? ({ options: all, search }) => matchingOptions(all as PickerOption[], search)
                  : undefined
            }
            renderOption={
              detailOf
                ? ({ option }) => (
                    <div>
                      <Text size="sm">{option.label}</Text>
                      <Text size="xs" c="dimmed">
                        {(option as PickerOption).detail}
                      </Text>
                    </div>
                  )
                : undefined
            }
            nothingFoundMessage={
              query.isFetching
                ? t('picker.loading')
                : query.isError
                  ? t('picker.loadError')
                  : (nothingFound ?? t('picker.nothingFound'))
            }
            placeholder={placeholder}
            leftSection={leftSection}
            rightSection={query.isFetching ? <Loader size={16} /> : undefined}
            error={Boolean(error)}
            size="md"
            style={{ flex: 1, minWidth: 0 }}
            data-testid={testId}
          />
          {canAdd && (
            <Tooltip label={quickAdd.label} withArrow openDelay={300}>
              <ActionIcon
                variant="light"
                size={42}
                aria-label={quickAdd.label}
                onClick={() => setAdding(true)}
                data-testid={`${testId}-add`}
              >
                <IconPlus size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Input.Wrapper>
      {canAdd && (
        <CrudDialog<V, P>
          opened={adding}
          onClose={() => setAdding(false)}
          mode="create"
          titles={{ create: quickAdd.title, edit: quickAdd.title }}
          defaults={quickAdd.defaults}
          schema={quickAdd.schema}
          onSave={async (body, idempotencyKey) => {
            const created = await quickAdd.create(body, idempotencyKey);
            invalidate(config.invalidates ?? config.queryKey);
            choose(created);
          }}
          successMessage={{ create: quickAdd.successMessage, edit: quickAdd.successMessage }}
          failureMessage={quickAdd.failureMessage}
          size={440}
          testId={`${testId}-quick-add`}
        >
          {quickAdd.fields}
        </CrudDialog>
      )}
    </>
  );
}
