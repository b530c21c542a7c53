import { useQuery } from '@tanstack/react-query';
import * as databases from '@haven/contract/databases';
import { api } from '../../lib/api.ts';

/**
 * Specs §2: for a domain with the entry-level (instap) flag the container counts the
 * databases, against the plan's maximum. Same key and call as the databases screens, so they
 * share one cached list.
 */
export function useInstapDatabaseCount(
  domain: string,
  instap: boolean,
): { count: number; max: number } | undefined {
  const list = useQuery({
    queryKey: ['databases', domain, 'list'],
    queryFn: ({ signal }) => api(databases.listDatabases, { params: { domain } }, { signal }),
    enabled: instap && domain !== '',
  });
  if (!instap || !list.data) return undefined;
  return { count: list.data.databases.length, max: list.data.max_databases };
}
