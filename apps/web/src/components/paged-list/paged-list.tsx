import { useMemo, useRef, type ReactNode } from 'react';
import { ListPager } from './list-pager.tsx';
import { ListSearch } from './list-search.tsx';
import { SEARCH_FROM, usePage, useSearch } from './use-paged-rows.ts';

export interface PagedListOptions<T> {
  /** What a search matches, from the row alone; no search field without it. */
  searchText?: (row: T) => string;
  /** The search field's label when it searches more than the name ("Zoeken op naam"). */
  searchLabel?: string;
  /** What is listed, for the page navigation's name. */
  label: string;
  pageSize?: number;
}

export interface PagedRows<T> {
  /** The rows of the current page (after the search). */
  shown: readonly T[];
  /** Goes above the list: the search field (from SEARCH_FROM rows) and the scroll anchor. */
  search: ReactNode;
  /** Goes below the list: "1–50 van 3000" and the page buttons, when there is more than a page. */
  pager: ReactNode;
}

const noText = () => '';
/** The list's start, scrolled to after a page change, clear of the shell's fixed header. */
const ANCHOR = { scrollMarginTop: 'calc(var(--app-shell-header-offset, 0rem) + 8px)' };

/**
 * A list that can grow to thousands of rows: a search by name, one page at a time, "x of y".
 * The screen keeps its own markup and renders `shown`, with `search` above and `pager` below.
 */
export function usePagedList<T>(rows: readonly T[], options: PagedListOptions<T>): PagedRows<T> {
  const { searchText, searchLabel, label, pageSize } = options;
  const search = useSearch(rows, searchText ?? noText);
  const page = usePage(search.found, pageSize, search.needle);
  const top = useRef<HTMLDivElement>(null);
  // After a page change at the bottom of a long page, show the new page from its start.
  const toStart = () => {
    const el = top.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView?.({ block: 'start' });
  };
  const withSearch = searchText !== undefined && rows.length >= SEARCH_FROM;
  return {
    shown: page.shown,
    // Nothing at all for a short list, so that the screen's spacing stays as it was.
    search: (withSearch || page.pages > 1) && (
      <div ref={top} style={ANCHOR}>
        {withSearch && (
          <ListSearch search={search} total={rows.length} texts={{ label: searchLabel }} />
        )}
      </div>
    ),
    pager: <ListPager page={page} label={label} onChange={toStart} />,
  };
}

interface Props<T> extends PagedListOptions<T> {
  rows: readonly T[];
  /**
   * Renders one page of rows. Its result is memoised on the page and this function: with a
   * stable one (useCallback) a re-render of the screen renders no row again.
   */
  children: (page: readonly T[]) => ReactNode;
}

/** usePagedList as a component: the search, one page of rows rendered by `children`, the pager. */
export function PagedList<T>({ rows, children, ...options }: Props<T>) {
  const list = usePagedList(rows, options);
  const body = useMemo(() => children(list.shown), [children, list.shown]);
  return (
    <>
      {list.search}
      {list.shown.length > 0 && body}
      {list.pager}
    </>
  );
}
