import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export (the code base uses no default exports). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props, as React.lazy's own signature
export function lazyNamed<K extends string, C extends ComponentType<any> = ComponentType>(load: () => Promise<Record<K, C>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
