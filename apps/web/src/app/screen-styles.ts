import type { RouteObject } from 'react-router';

let loading: Promise<unknown> | undefined;

/**
 * Mantine's styles for every screen but the dashboard (screen-styles.css), loaded once: the
 * dashboard's first load on a phone carries only those of the shell and the dashboard
 * (shell/shell-styles.css, ~5 kB instead of 25 kB br).
 */
export function loadScreenStyles(): Promise<unknown> {
  loading ??= import('./screen-styles-sheet.ts');
  return loading;
}

/**
 * The routes with every lazy route among them (children too) asking for the screens' styles
 * first: asked before the screen's chunk, their stylesheet goes into the page before the
 * screen's own CSS, which may override Mantine's, and the screen renders once both are in.
 */
export function withScreenStyles(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { lazy, children } = route;
    const loadsStyles =
      typeof lazy === 'function'
        ? {
            lazy: async () => {
              const styles = loadScreenStyles();
              const [loaded] = await Promise.all([lazy(), styles]);
              return loaded;
            },
          }
        : {};
    return children
      ? { ...route, ...loadsStyles, children: withScreenStyles(children) }
      : { ...route, ...loadsStyles };
  });
}
