import { useCallback, useState } from 'react';

/**
 * Open/close state of a create/edit dialog. Closing keeps the record, so the edit title stays
 * while the dialog fades out; the next `openCreate` clears it.
 */
export function useDialogState<T>() {
  const [state, setState] = useState<{ opened: boolean; record: T | null }>({ opened: false, record: null });
  const openCreate = useCallback(() => setState({ opened: true, record: null }), []);
  const openWith = useCallback((record: T) => setState({ opened: true, record }), []);
  const close = useCallback(() => setState((current) => ({ ...current, opened: false })), []);
  return { opened: state.opened, record: state.record, openCreate, openWith, close };
}
