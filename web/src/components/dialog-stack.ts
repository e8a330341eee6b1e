import { useEffect, useId, useSyncExternalStore } from 'react';

// The open dialogs, oldest first. Mantine listens for Escape on the window, so every open
// modal would close on one key press: only the topmost one (a quick-add dialog opened from a
// picker inside another dialog) may.
let stack: readonly string[] = [];
const listeners = new Set<() => void>();

function setStack(next: readonly string[]): void {
  stack = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const topmost = () => stack[stack.length - 1] ?? null;

/** True while this dialog is open and no dialog opened after it is: it alone answers Escape. */
export function useIsTopDialog(opened: boolean): boolean {
  const id = useId();
  useEffect(() => {
    if (!opened) return;
    setStack([...stack, id]);
    return () => setStack(stack.filter((entry) => entry !== id));
  }, [opened, id]);
  const top = useSyncExternalStore(subscribe, topmost, topmost);
  return top === null || top === id;
}
