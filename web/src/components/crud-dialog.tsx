import { FORM_RESET_DELAY_MS } from '@app/common/constants';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, fieldErrorsFromDetails, isRetryable } from '../lib/api-error';
import { translateError, zodFormErrors } from '../lib/form-errors';
import { notifyError, notifySuccess } from '../lib/notify';
import { createRetryKey } from '../lib/retry-key';

export type DialogMode = 'create' | 'edit';

export type FieldProps = (
  path: string,
  options?: { type?: 'input' | 'checkbox' },
) => ReturnType<UseFormReturnType<object>['getInputProps']>;

type CrudDialogProps<V extends object, P> = {
  opened: boolean;
  onClose: () => void;
  mode: DialogMode;
  titles: Record<DialogMode, string>;
  /** Empty values of create mode, and the values the form goes back to after closing. */
  defaults: V;
  /** The record's values in edit mode. */
  values?: V | null;
  /** Tells edit actions on different records apart (for the idempotency key). */
  recordKey?: string | number | null;
  /** The contract schema of the request: the form's validator and the body's parser. */
  schema: z.ZodType<P>;
  onSave: (body: P, idempotencyKey: string) => Promise<unknown>;
  successMessage: Record<DialogMode, string>;
  /** Shown when the failure has no message of its own (server error). */
  failureMessage: string;
  /** Swaps a validation key for this screen's wording. */
  errorOverrides?: Record<string, string>;
  size?: number;
  testId?: string;
  /** The submit button's text; "Save" (create) or "Update" (edit) otherwise. */
  submitLabel?: string;
  children: (field: FieldProps, form: UseFormReturnType<V>) => ReactNode;
};

/**
 * The one create/edit dialog: contract-validated form, server field errors shown on their
 * fields, submit disabled while saving, snackbars, and the form reset 300 ms after closing
 * (seed 000 §4) so that the closing animation never shows an emptied form.
 */
export function CrudDialog<V extends object, P>(props: CrudDialogProps<V, P>) {
  const {
    opened,
    onClose,
    mode,
    titles,
    defaults,
    values,
    recordKey,
    schema,
    onSave,
    successMessage,
    failureMessage,
    errorOverrides,
    size = 560,
    testId,
    submitLabel,
    children,
  } = props;
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [retry] = useState(createRetryKey);

  const form = useForm<V>({
    initialValues: defaults,
    validate: (current) => zodFormErrors(schema, current),
  });

  useEffect(() => {
    if (opened) {
      form.setValues(values ?? defaults);
      form.resetDirty(values ?? defaults);
      form.clearErrors();
      retry.reset();
      return;
    }
    const timer = setTimeout(() => {
      form.setValues(defaults);
      form.clearErrors();
    }, FORM_RESET_DELAY_MS);
    return () => clearTimeout(timer);
    // Only opening and closing reset the form; new `values` objects of each render must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const field: FieldProps = (path, options) => {
    const inputProps = form.getInputProps(path as never, options);
    return { ...inputProps, error: translateError(t, inputProps.error, errorOverrides) };
  };

  const submit = form.onSubmit(async (current) => {
    const parsed = schema.safeParse(current);
    if (!parsed.success) return;
    const key = retry.keyFor(JSON.stringify([mode, recordKey ?? null, parsed.data]));
    setSaving(true);
    try {
      await onSave(parsed.data, key);
      retry.settle(false);
      notifySuccess(successMessage[mode]);
      onClose();
    } catch (error) {
      retry.settle(isRetryable(error));
      if (error instanceof ApiError) {
        const fields = fieldErrorsFromDetails(error.details, error.message);
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        notifyError(error.code === 'INTERNAL' ? failureMessage : error.message);
      } else {
        notifyError(failureMessage);
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal opened={opened} onClose={() => !saving && onClose()} title={titles[mode]} size={size} closeOnClickOutside={!saving}>
      <form onSubmit={submit} noValidate data-testid={testId}>
        <Stack gap="md">
          {children(field, form)}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={saving} data-testid="dialog-submit">
              {submitLabel ?? (mode === 'create' ? t('actions.save') : t('actions.update'))}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
