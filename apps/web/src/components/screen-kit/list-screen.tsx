import type { ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PagedList } from '../paged-list/paged-list.tsx';
import { EmptyState, QueryState } from '../query-state.tsx';
import { ScreenHeader } from '../screen-header.tsx';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface ListScreenProps<T> {
  title: string;
  intro?: ReactNode;
  /** At the end of the title row: the AddButton, or nothing where the user adds none. */
  actions?: ReactNode;
  /** Above the heading: the area's own tabs (mail). */
  nav?: ReactNode;
  /** Between the heading and the list: where things are served, a notice when they are not. */
  notice?: ReactNode;
  query: QueryLike;
  /** The rows once the query has answered. */
  rows: readonly T[] | undefined;
  /** What the search field matches; a list without it has no search. */
  search?: (row: T) => string;
  /** The search field's label where it matches more than the name. */
  searchLabel?: string;
  /** Said instead of the list when there is nothing yet. */
  empty: string;
  /** The list is wider than a form, but a table of few columns reads badly at full width. */
  maw?: number;
  /** One page of rows: a CardList of ListCards or a ListTable. */
  children: (page: readonly T[]) => ReactNode;
}

/**
 * Every list screen: heading (with its add button), notices, then the list paged 50 at a time
 * with a search once it is long, the empty state, or the query's loader or failure.
 */
export function ListScreen<T>(props: ListScreenProps<T>) {
  const { title, intro, actions, nav, notice, query, rows, empty, maw } = props;
  return (
    <Stack gap="md" maw={maw}>
      {nav}
      <ScreenHeader title={title} intro={intro} actions={actions} />
      {notice}
      <QueryState query={query}>
        {() =>
          rows?.length ? (
            <PagedList
              rows={rows}
              searchText={props.search}
              searchLabel={props.searchLabel}
              label={title}
            >
              {props.children}
            </PagedList>
          ) : (
            <EmptyState text={empty} />
          )
        }
      </QueryState>
    </Stack>
  );
}

/** The add button of a list screen's heading; `disabled` where a limit is reached. */
export function AddButton({
  label,
  to,
  disabled,
}: {
  label: string;
  to: string;
  disabled?: boolean;
}) {
  return (
    <Button
      component={Link}
      to={to}
      leftSection={<IconPlus size={16} aria-hidden />}
      disabled={disabled}
    >
      {label}
    </Button>
  );
}
