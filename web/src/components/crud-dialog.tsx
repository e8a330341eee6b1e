import { FORM_RESET_DELAY_MS } from '@app/common/constants';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, fieldErrorsFromDetails, isRetryable } from '../lib/api-error';
import { translateError, zodFormErrors } from '../lib/form-errors';
import { notifyError, notifySuccess } from '../lib/notify';
import { createRetryKey } from '../lib/retry-key';
import classes from './crud-dialog.module.css';
import { useIsTopDialog } from './dialog-stack';
import { OfflineAlert } from './offline-alert';

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
  /** False keeps the submit button disabled (e.g. a reception without lines, seed 001 §5). */
  canSubmit?: (values: V) => boolean;
  children: (field: FieldProps, form: UseFormReturnType<V>) => ReactNode;
};

/**
 * The one create/edit dialog: contract-validated form, server field errors shown on their
 * fields, submit disabled while saving, snackbars, and the form reset 300 ms after closing
 * (seed 000 §4) so that the closing animation never shows an emptied form. A save that gets
 * no answer (offline, timeout) says so in the dialog, which stays open to try again with the
 * same idempotency key, and can be cancelled meanwhile. The buttons stay in view when a tall
 * form scrolls on a phone.
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
    canSubmit,
    children,
  } = props;
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [offline, setOffline] = useState(false);
  // One key per action, kept while an attempt got no answer: across a cancel and a reopen too,
  // since that attempt may have been written (the fingerprint tells actions apart).
  const [retry] = useState(createRetryKey);
  // Bumped by a cancel: a late answer of the abandoned attempt shows no error.
  const attempt = useRef(0);
  const isTop = useIsTopDialog(opened);

  const form = useForm<V>({
    initialValues: defaults,
    validate: (current) => zodFormErrors(schema, current),
  });

  useEffect(() => {
    if (opened) {
      form.setValues(values ?? defaults);
      form.resetDirty(values ?? defaults);
      form.clearErrors();
      return;
    }
    const timer = setTimeout(() => {
      form.setValues(defaults);
      form.clearErrors();
      setOffline(false);
    }, FORM_RESET_DELAY_MS);
    return () => clearTimeout(timer);
    // Only opening and closing reset the form; new `values` objects of each render must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const field: FieldProps = (path, options) => {
    const inputProps = form.getInputProps(path as never, options);
    return { ...inputProps, error: translateError(t, inputProps.error, errorOverrides) };
  };

  const save = async (current: V) => {
    const parsed = schema.safeParse(current);
    if (!parsed.success) return;
    const key = retry.keyFor(JSON.stringify([mode, recordKey ?? null, parsed.data]));
    const thisAttempt = ++attempt.current;
    setSaving(true);
    setOffline(false);
    try {
      await onSave(parsed.data, key);
      retry.settle(false);
      // Saved, even if the dialog was cancelled while waiting: say so.
      notifySuccess(successMessage[mode]);
      if (thisAttempt === attempt.current) onClose();
    } catch (error) {
      retry.settle(isRetryable(error));
      if (thisAttempt !== attempt.current) return;
      if (error instanceof ApiError && error.code === 'NETWORK') {
        setOffline(true);
      } else if (error instanceof ApiError) {
        const fields = fieldErrorsFromDetails(error.details, error.message);
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        notifyError(error.code === 'INTERNAL' ? failureMessage : error.message);
      } else {
        notifyError(failureMessage);
      }
    } finally {
      if (thisAttempt === attempt.current) setSaving(false);
    }
  };

  /** Always possible, even while a save waits for its answer (which then shows no error). */
  const cancel = () => {
    if (saving) {
      attempt.current += 1;
      setSaving(false);
    }
    onClose();
  };

  return (
    <Modal opened={opened} onClose={cancel} title={titles[mode]} size={size} closeOnClickOutside={!saving} closeOnEscape={isTop}>
      <form
        onSubmit={(event) => {
          // A dialog opened from inside another one (quick add) is rendered in a portal, but its
          // submit event still bubbles to the outer form through React: it must not submit it.
          event.stopPropagation();
          form.onSubmit(save)(event);
        }}
        noValidate
        data-testid={testId}
      >
        <Stack gap="md">
          {children(field, form)}
          {offline && <OfflineAlert />}
        </Stack>
        <Group justify="flex-end" gap="sm" className={classes.footer}>
          <Button variant="default" onClick={cancel} data-testid="dialog-cancel">
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={saving || (canSubmit !== undefined && !canSubmit(form.values))} data-testid="dialog-submit">
            {offline ? t('actions.retry') : (submitLabel ?? (mode === 'create' ? t('actions.save') : t('actions.update')))}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
