import { loadQueryClient } from './query-cache';
import { createElement, lazy, useState, type ComponentProps, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';

/**
 * The whole of Mantine's CSS (lib/full-styles.ts): the entry holds only the first screens' part
 * (app/first-screen-styles.ts). Asked once; the screen renders after its CSS has arrived.
 */
export const loadFullStyles = () => import('./full-styles');

/** A lazily loaded screen, which can also be asked for ahead of its first render. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props, as React.lazy's own signature
export type LazyScreen<C extends ComponentType<any>> = ((props: ComponentProps<C>) => ReactElement) & {
  /** Downloads the module (and its CSS); once done, a new mount renders at once, without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy for a named export (the code base uses no default exports). The component renders
 * with the whole of Mantine's CSS and the query client loaded, unless `firstScreen` (the landing
 * page and the sign-in form: the entry carries their components' CSS, and they make no query).
 *
 * `preload()` (main.tsx, for the screen of the address the app opens on) matters for speed: a
 * component that suspends on its first render makes React show the Suspense fallback, and React
 * then keeps a fallback on screen for at least 300 ms (its FALLBACK_THROTTLE_MS) even when the
 * code arrives a millisecond later. Once preloaded, a new mount renders the module's component
 * directly; what a mount renders is chosen once, so a mounted screen is never remounted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props, as React.lazy's own signature
export function lazyNamed<K extends string, C extends ComponentType<any> = ComponentType>(
  load: () => Promise<Record<K, C>>,
  name: K,
  { firstScreen = false }: { firstScreen?: boolean } = {},
): LazyScreen<C> {
  let loaded: C | undefined;
  let loading: Promise<C> | undefined;
  const preload = (): Promise<C> => {
    loading ??= Promise.all([load(), firstScreen ? undefined : loadFullStyles(), firstScreen ? undefined : loadQueryClient()]).then(
      ([module]) => (loaded = module[name]),
      (error: unknown) => {
        // A failed download (no network) is tried again by the next render, not remembered.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function LazyNamed(props: ComponentProps<C>) {
    const [Component] = useState<C | LazyExoticComponent<C>>(() => loaded ?? Lazy);
    return createElement(Component as ComponentType<ComponentProps<C>>, props);
  }
  LazyNamed.displayName = `Lazy(${name})`;
  return Object.assign(LazyNamed, { preload });
}

/**
 * An import for a part the page works without until it arrives (the snackbars' container): a
 * failed download (a cut link) is tried again every `delayMs` instead of rejecting, which would
 * take down the whole app from a lazy component above the routes.
 */
export function retryingImport<T>(load: () => Promise<T>, delayMs = 5_000): () => Promise<T> {
  return () =>
    new Promise<T>((resolve) => {
      const attempt = () => {
        load().then(resolve, () => setTimeout(attempt, delayMs));
      };
      attempt();
    });
}
