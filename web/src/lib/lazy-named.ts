import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export (the code base uses no default exports); screens take no props. */
export function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
