import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as dns from '@haven/contract/dns';
import { api } from '../../lib/api.ts';

const keys = {
  all: (domain: string) => ['dns', domain] as const,
  list: (domain: string) => ['dns', domain, 'list'] as const,
  available: (domain: string) => ['dns', domain, 'available'] as const,
  zoneFile: (domain: string) => ['dns', domain, 'zone-file'] as const,
};

export function useDnsList(domain: string) {
  return useQuery({
    queryKey: keys.list(domain),
    queryFn: ({ signal }) => api(dns.list, { params: { domain } }, { signal }),
  });
}

export function useDnsAvailable(domain: string) {
  return useQuery({
    queryKey: keys.available(domain),
    queryFn: ({ signal }) => api(dns.available, { params: { domain } }, { signal }),
  });
}

export function useZoneFile(domain: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.zoneFile(domain),
    queryFn: ({ signal }) => api(dns.zoneFile, { params: { domain } }, { signal }),
    enabled,
  });
}

/** Every change of a zone changes the list, the kinds that can be added and the zone file. */
function useInvalidate(domain: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all(domain) });
}

export function useCreateRecord(domain: string) {
  const invalidate = useInvalidate(domain);
  return useMutation({
    mutationFn: (body: dns.RecordInput) => api(dns.create, { params: { domain }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRecord(domain: string) {
  const client = useQueryClient();
  const invalidate = useInvalidate(domain);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: dns.RecordInput }) =>
      api(dns.update, { params: { domain, id }, body }),
    // The answer is the changed row: it shows at once, without waiting for the refetch of a
    // zone that can hold 5,000 records (1.5 MB); the refetch then brings order and notices.
    onSuccess: ({ record }, { id }) => {
      client.setQueryData<dns.DnsList>(
        keys.list(domain),
        (zone) => zone && { ...zone, records: zone.records.map((r) => (r.id === id ? record : r)) },
      );
      void invalidate();
    },
  });
}

export function useDeleteRecord(domain: string) {
  const invalidate = useInvalidate(domain);
  return useMutation({
    mutationFn: (id: number) => api(dns.remove, { params: { domain, id } }),
    onSuccess: invalidate,
  });
}

/** What a reset removes and adds; fetched when the customer asks for a reset. */
export function useResetPreview(domain: string) {
  return useMutation({ mutationFn: () => api(dns.resetPreview, { params: { domain } }) });
}

export function useResetZone(domain: string) {
  const invalidate = useInvalidate(domain);
  return useMutation({
    mutationFn: () => api(dns.reset, { params: { domain } }),
    onSuccess: invalidate,
  });
}
