import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export (the code base uses no default exports). */
export function lazyNamed<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
