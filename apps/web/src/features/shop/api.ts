import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as shopApi from '@haven/contract/shop';
import * as sitebuilderApi from '@haven/contract/sitebuilder';
import { api } from '../../lib/api.ts';
import { userQueryKey } from '../../lib/user.ts';

export const shopKeys = {
  all: ['shop'] as const,
  domain: (domain: string) => ['shop', domain] as const,
  status: (domain: string) => ['shop', domain, 'status'] as const,
  products: (domain: string) => ['shop', domain, 'products'] as const,
  pricing: (domain: string, cart: readonly number[]) =>
    ['shop', domain, 'pricing', [...cart]] as const,
  transaction: (uuid: string) => ['shop', 'transaction', uuid] as const,
  sitebuilder: (domain: string) => ['shop', domain, 'sitebuilder'] as const,
};

export function useCartStatus(
  domain: string | undefined,
  options: { refetchOnWindowFocus?: boolean } = {},
) {
  return useQuery({
    ...options,
    queryKey: shopKeys.status(domain ?? ''),
    queryFn: ({ signal }) =>
      api(shopApi.getStatus, { query: { domain: domain ?? '' } }, { signal }).then((r) => r.data),
    enabled: Boolean(domain),
  });
}

export function useProducts(domain: string | undefined) {
  return useQuery({
    queryKey: shopKeys.products(domain ?? ''),
    queryFn: ({ signal }) =>
      api(shopApi.getProducts, { query: { domain: domain ?? '' } }, { signal }).then(
        (r) => r.products,
      ),
    enabled: Boolean(domain),
  });
}

/** The server prices the cart after every change; an empty cart asks nothing (and so shows no error). */
export function usePricing(domain: string, cart: readonly number[]) {
  return useQuery({
    queryKey: shopKeys.pricing(domain, cart),
    queryFn: ({ signal }) =>
      api(shopApi.calculate, { body: { domain, products: [...cart] } }, { signal }),
    enabled: cart.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCheckout(domain: string) {
  return useMutation({
    mutationFn: ({ products, language }: { products: readonly number[]; language: 'nl' | 'en' }) =>
      api(shopApi.createTransaction, {
        body: { domain, products: [...products], language },
      }),
  });
}

/** The payment return reads the outcome once: the webhook, not this call, is what fulfils. */
export function useTransaction(uuid: string | null) {
  return useQuery({
    queryKey: shopKeys.transaction(uuid ?? ''),
    queryFn: ({ signal }) =>
      api(shopApi.getTransaction, { params: { uuid: uuid ?? '' } }, { signal }),
    enabled: Boolean(uuid),
    staleTime: Infinity,
    retry: false,
  });
}

/** After a paid order: the plan flags, the shop's view of the domain and the invoices changed. */
export function useRefreshAfterOrder() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userQueryKey }),
      queryClient.invalidateQueries({
        queryKey: shopKeys.all,
        predicate: (q) => q.queryKey[1] !== 'transaction',
      }),
    ]);
}

export function useSitebuilder(domain: string) {
  return useQuery({
    queryKey: shopKeys.sitebuilder(domain),
    queryFn: ({ signal }) => api(sitebuilderApi.getSitebuilder, { params: { domain } }, { signal }),
  });
}

export function useOpenSitebuilder(domain: string) {
  return useMutation({
    mutationFn: () => api(sitebuilderApi.openSitebuilder, { params: { domain } }),
  });
}

/** Leaving for the payment page; a seam so tests can see where the browser would go. */
export const browser = {
  go(url: string): void {
    window.location.assign(url);
  },
};
