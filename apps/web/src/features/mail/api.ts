import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as mail from '@haven/contract/mail';
import { api } from '../../lib/api.ts';

/** Query keys under the domain: one invalidation refreshes lists, details and settings. */
const keys = {
  all: (domain: string) => ['mail', domain] as const,
  list: (domain: string, type: mail.MailAddressType) => ['mail', domain, 'list', type] as const,
  detail: (domain: string, type: string, name: string) =>
    ['mail', domain, 'detail', type, name] as const,
  forwards: (domain: string) => ['mail', domain, 'forwards'] as const,
  settings: (domain: string) => ['mail', domain, 'settings'] as const,
};

function useRefresh(domain: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all(domain) });
}

export function useMailAccounts(domain: string, type: mail.MailAddressType, enabled = true) {
  return useQuery({
    queryKey: keys.list(domain, type),
    queryFn: ({ signal }) => api(mail.listAccounts, { params: { domain, type } }, { signal }),
    enabled,
  });
}

export function useMailAddress(domain: string, name: string, enabled = true) {
  return useQuery({
    queryKey: keys.detail(domain, 'address', name),
    queryFn: ({ signal }) => api(mail.getAddress, { params: { domain, name } }, { signal }),
    enabled,
  });
}

export function useMailGroup(domain: string, name: string, enabled = true) {
  return useQuery({
    queryKey: keys.detail(domain, 'group', name),
    queryFn: ({ signal }) => api(mail.getGroup, { params: { domain, name } }, { signal }),
    enabled,
  });
}

export function useCreateAddress(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: mail.CreateAddressBody) =>
      api(mail.createAddress, { params: { domain }, body }),
    onSuccess: refresh,
  });
}

export function useCreateGroup(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: mail.CreateGroupBody) => api(mail.createGroup, { params: { domain }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateAddress(domain: string, name: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: mail.UpdateAddressBody) =>
      api(mail.updateAddress, { params: { domain, name }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateGroup(domain: string, name: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: mail.UpdateGroupBody) =>
      api(mail.updateGroup, { params: { domain, name }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteAccount(domain: string, type: mail.MailAddressType) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (name: string) => api(mail.deleteAccount, { params: { domain, type, name } }),
    onSuccess: refresh,
  });
}

export function useMailForwards(domain: string) {
  return useQuery({
    queryKey: keys.forwards(domain),
    queryFn: ({ signal }) => api(mail.listForwards, { params: { domain } }, { signal }),
  });
}

export function useCreateForward(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: { from: string; to: string }) =>
      api(mail.createForward, { params: { domain }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateForward(domain: string, from: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (value: string) =>
      api(mail.updateForward, { params: { domain, from }, body: { value } }),
    onSuccess: refresh,
  });
}

export function useDeleteForward(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (from: string) => api(mail.deleteForward, { params: { domain, from } }),
    onSuccess: refresh,
  });
}

export function useMailSettings(domain: string) {
  return useQuery({
    queryKey: keys.settings(domain),
    queryFn: ({ signal }) => api(mail.getSettings, { params: { domain } }, { signal }),
  });
}

export function useSaveMailSettings(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: mail.MailSettingsInput) =>
      api(mail.saveSettings, { params: { domain }, body }),
    onSuccess: refresh,
  });
}

/** "Put the missing records in place": the settings (with the records' state) are read again. */
export function useCompleteMailDns(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: () => api(mail.completeDns, { params: { domain } }),
    onSuccess: refresh,
  });
}

/** A mailbox's spam training: recent messages with the filter's score and the marks given. */
export function useMailTraining(domain: string, name: string) {
  return useQuery({
    queryKey: [...keys.all(domain), 'training', name] as const,
    queryFn: ({ signal }) => api(mail.getTraining, { params: { domain, name } }, { signal }),
  });
}

export function useSaveTraining(domain: string, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: mail.TrainingSave) =>
      api(mail.saveTraining, { params: { domain, name }, body }),
    onSuccess: (data) => queryClient.setQueryData([...keys.all(domain), 'training', name], data),
  });
}

export function useWebmailInfo(domain: string) {
  return useQuery({
    queryKey: [...keys.all(domain), 'webmail'] as const,
    queryFn: ({ signal }) => api(mail.getWebmail, { params: { domain } }, { signal }),
  });
}

/** A single-use sign-on link for one mailbox (valid a minute): opened at once, never cached. */
export function useOpenWebmail(domain: string) {
  return useMutation({
    mutationFn: (name: string) => api(mail.openWebmail, { params: { domain, name } }),
  });
}
