import { useCallback, useDeferredValue, useMemo, useState } from 'react';

/** Rows per page: a list of thousands otherwise puts tens of thousands of elements in the DOM. */
export const PAGE_SIZE = 50;

/** From this many rows a list offers its search field (a short list is read at a glance). */
export const SEARCH_FROM = 10;

export interface Page<T> {
  /** The rows of the current page. */
  shown: readonly T[];
  /** Index in `rows` of the first row shown. */
  from: number;
  pages: number;
  current: number;
  total: number;
  setPage: (page: number) => void;
}

/**
 * One page of `rows`. A new `resetKey` (the search) starts again at page 1; a delete that leaves
 * fewer pages shows the last one.
 */
export function usePage<T>(rows: readonly T[], size: number = PAGE_SIZE, resetKey = ''): Page<T> {
  const [state, setState] = useState({ page: 1, key: resetKey });
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(state.key === resetKey ? state.page : 1, pages);
  const from = (current - 1) * size;
  const shown = useMemo(() => rows.slice(from, from + size), [rows, from, size]);
  const setPage = useCallback((page: number) => setState({ page, key: resetKey }), [resetKey]);
  return { shown, from, pages, current, total: rows.length, setPage };
}

export interface Search<T> {
  query: string;
  setQuery: (query: string) => void;
  /** The lower-cased, trimmed query the rows are filtered by ('' when none). */
  needle: string;
  found: readonly T[];
}

/**
 * Rows whose text contains the query (case-insensitive). `textOf` must depend on the row alone:
 * the filter runs again for new rows or a new query, not for a new `textOf` (screens pass one
 * inline). Typing stays responsive in a big list: the filter renders after the keystroke shows.
 */
export function useSearch<T>(rows: readonly T[], textOf: (row: T) => string): Search<T> {
  const [query, setQuery] = useState('');
  const needle = useDeferredValue(query.trim().toLowerCase());
  const found = useMemo(
    () => (needle ? rows.filter((r) => textOf(r).toLowerCase().includes(needle)) : rows),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- textOf is a function of the row alone
    [rows, needle],
  );
  return { query, setQuery, needle, found };
}
