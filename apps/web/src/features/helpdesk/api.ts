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

const ticketKeys = {
  all: ['helpdesk', 'ticket'] as const,
  one: (id: number) => ['helpdesk', 'ticket', id] as const,
  subjects: ['helpdesk', 'ticket-about'] as const,
};

/** Every ticket of the customer (the API pages by 50; a customer has few, so all pages). */
export function useTickets() {
  return useQuery({
    queryKey: ticketKeys.all,
    queryFn: async ({ signal }) => {
      const all: helpdesk.TicketSummary[] = [];
      for (let page = 1; ; page += 1) {
        const r = await api(helpdesk.listTickets, { query: { page } }, { signal });
        all.push(...r.tickets);
        if (r.tickets.length === 0 || all.length >= r.total) return all;
      }
    },
  });
}

export function useTicketSubjects() {
  return useQuery({
    queryKey: ticketKeys.subjects,
    queryFn: ({ signal }) => api(helpdesk.ticketSubjects, {}, { signal }).then((r) => r.subjects),
  });
}

export function useTicket(id: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ticketKeys.one(id),
    queryFn: ({ signal }) =>
      api(helpdesk.getTicket, { params: { id } }, { signal }).then((r) => r.ticket),
  });
}

function useTicketChange<I>(call: (input: I) => Promise<{ ticket: helpdesk.Ticket }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ ticket }) => {
      queryClient.setQueryData(ticketKeys.one(ticket.id), ticket);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all, exact: true });
    },
  });
}

export const useCreateTicket = () =>
  useTicketChange((body: helpdesk.NewTicketBody) => api(helpdesk.createTicket, { body }));

export const useReplyTicket = (id: number) =>
  useTicketChange((body: { message: string; attachments: number[] }) =>
    api(helpdesk.replyTicket, { params: { id }, body }),
  );

export const useCloseTicket = (id: number) =>
  useTicketChange(() => api(helpdesk.closeTicket, { params: { id } }));
