import { useQuery } from '@tanstack/react-query';
import * as shop from '@haven/contract/shop';
import { api } from '../../lib/api.ts';

/** Under the shop's key: a paid order refreshes everything under `['shop']`, invoices too. */
export const invoicesKey = ['shop', 'invoices'] as const;

/** The customer's invoices (the shop makes them); the shop and the helpdesk both list them. */
export function useInvoices(enabled = true) {
  return useQuery({
    queryKey: invoicesKey,
    queryFn: ({ signal }) => api(shop.listInvoices, {}, { signal }).then((r) => r.invoices),
    enabled,
  });
}

/** Fetches an invoice PDF (with the token) and hands it to the browser as a download. */
export async function downloadInvoice(number: string): Promise<void> {
  const blob = await api(shop.downloadInvoice, { params: { number } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `factuur-${number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
