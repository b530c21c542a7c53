import { useEffect, useState } from 'react';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import {
  createNprogress,
  NavigationProgress,
  updateNavigationProgressStateAction,
} from '@mantine/nprogress';
import { useNavigation } from 'react-router';
import { createLoadingBarController } from './loading-bar-controller.ts';

const [store, progress] = createNprogress();

/** Polling (job progress) is background work and must not keep the bar busy. */
export const BACKGROUND_META = { background: true } as const;

/** The top loading bar: pending queries, mutations and route loads (lazy screens). */
export function LoadingBar() {
  const fetching = useIsFetching({ predicate: (query) => query.meta?.background !== true });
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const pending = fetching + mutating > 0 || navigation.state !== 'idle';

  const [controller] = useState(() =>
    createLoadingBarController({
      start: progress.start,
      set: progress.set,
      stop: progress.stop,
      hide: () => updateNavigationProgressStateAction(() => ({ mounted: false }), store),
      reset: progress.reset,
    }),
  );

  useEffect(() => controller.setPending(pending), [controller, pending]);
  useEffect(() => () => controller.dispose(), [controller]);

  // Decorative: screen readers get busy states from the screens themselves.
  return <NavigationProgress store={store} aria-hidden />;
}
