import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { FormError } from '../form-error.tsx';
import { OnlyIfExists } from '../only-if-exists.tsx';
import { QueryState } from '../query-state.tsx';
import { ScreenHeader } from '../screen-header.tsx';

interface DetailQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

interface DetailScreenProps<T> {
  /** The query of the thing the route names (or of the parent whose answer holds it). */
  query: DetailQuery<T>;
  /** Whether the answer holds the thing (a user in its directory's list, ...). */
  exists?: (data: T) => boolean;
  /** The address itself names nothing (an id that is not a number). */
  invalid?: boolean;
  /** A loader instead of the heading until the query answers (see OnlyIfExists). */
  hold?: boolean;
  title: string;
  intro?: ReactNode;
  /** The screen one level up: the list, or the parent's detail. */
  back?: { to: string; label: string };
  /** At the end of the title row: the DeleteButton, other actions. */
  actions?: ReactNode;
  /** Between the heading and the content: where it is served, what its service says. */
  notice?: ReactNode;
  /** An action's failure (a refused delete), above the content. */
  error?: string;
  /** A form is narrower than a screen of tables. */
  maw?: number;
  children: (data: T) => ReactNode;
}

/**
 * Every detail screen: the not-found page for a thing that is not there, else the heading with
 * the way back and its actions, notices, then the content once the query has answered.
 */
export function DetailScreen<T>(props: DetailScreenProps<T>) {
  const { query, exists, invalid, hold, title, intro, back, actions, notice, error, maw } = props;
  return (
    <OnlyIfExists query={query} exists={exists} invalid={invalid} hold={hold}>
      <Stack gap="md" maw={maw}>
        <ScreenHeader title={title} intro={intro} back={back} actions={actions} />
        {notice}
        {error && <FormError message={error} />}
        <QueryState query={query}>
          {() => query.data !== undefined && props.children(query.data)}
        </QueryState>
      </Stack>
    </OnlyIfExists>
  );
}
