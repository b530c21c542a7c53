import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as helpdesk from '@haven/contract/helpdesk';
import { api } from '../../lib/api.ts';

const keys = {
  mailing: ['helpdesk', 'mailing'] as const,
  addresses: ['helpdesk', 'address'] as const,
  address: (id: number) => ['helpdesk', 'address', id] as const,
};

export function useMailing() {
  return useQuery({
    queryKey: keys.mailing,
    queryFn: ({ signal }) => api(helpdesk.getMailing, {}, { signal }).then((r) => r.preferences),
  });
}

export function useSaveMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: helpdesk.MailingPreferences) => api(helpdesk.updateMailing, { body }),
    onSuccess: ({ preferences }) => queryClient.setQueryData(keys.mailing, preferences),
  });
}

export function useAddresses() {
  return useQuery({
    queryKey: keys.addresses,
    queryFn: ({ signal }) => api(helpdesk.listAddresses, {}, { signal }).then((r) => r.addresses),
  });
}

export function useAddress(id: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: keys.address(id),
    queryFn: ({ signal }) =>
      api(helpdesk.getAddress, { params: { id } }, { signal }).then((r) => r.address),
  });
}

export function useUpdateAddress(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: helpdesk.AddressBody) =>
      api(helpdesk.updateAddress, { params: { id }, body }),
    // The list shows the status and the postcode: refresh it with the detail.
    onSuccess: ({ address }) => {
      queryClient.setQueryData(keys.address(id), address);
      return queryClient.invalidateQueries({ queryKey: keys.addresses, exact: true });
    },
  });
}
