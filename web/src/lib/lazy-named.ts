import { lazy, type ComponentType } from 'react';

/**
 * The whole of Mantine's CSS (lib/full-styles.ts): the entry holds only the first screens' part
 * (app/first-screen-styles.ts). Asked once; the screen renders after its CSS has arrived.
 */
export const loadFullStyles = () => import('./full-styles');

/**
 * React.lazy for a named export (the code base uses no default exports). The component renders
 * with the whole of Mantine's CSS loaded, unless `firstScreen` (the landing page and the sign-in
 * form, whose components' CSS the entry carries).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props, as React.lazy's own signature
export function lazyNamed<K extends string, C extends ComponentType<any> = ComponentType>(
  load: () => Promise<Record<K, C>>,
  name: K,
  { firstScreen = false }: { firstScreen?: boolean } = {},
) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), firstScreen ? undefined : loadFullStyles()]);
    return { default: module[name] };
  });
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
