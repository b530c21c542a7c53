import type { RouteObject } from 'react-router';
import type { RouteName } from './paths.ts';

export type LazyRoute = NonNullable<RouteObject['lazy']>;

/**
 * The screens a feature provides, by route name; every feature exports one such map. A
 * container's layout (its navigation, transitions and <Outlet />) goes under `layout:<name>`.
 */
export type ScreenMap = Partial<Record<RouteName | `layout:${RouteName}`, LazyRoute>>;
