import { shop } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { DomainRef, Principal } from '../../model/principal.ts';
import type { InvoicePdfs } from './invoice-pdfs.ts';
import type { PaymentService } from './payment.service.ts';
import type { ShopService } from './shop.service.ts';

/** The guard's check of a `{domain}` path parameter, applied to the shop's `domain` field. */
export type ResolveDomain = (principal: Principal, name: string) => Promise<DomainRef>;

export function shopRoutes(
  bind: Bind,
  svc: ShopService,
  payments: PaymentService,
  invoices: InvoicePdfs,
  resolve: ResolveDomain,
): void {
  bind(shop.getStatus, async ({ principal, query }) => ({
    data: await svc.status(await resolve(principal, query.domain)),
  }));
  bind(shop.getProducts, async ({ principal, query }) => ({
    products: await svc.products(await resolve(principal, query.domain)),
  }));
  bind(shop.calculate, async ({ principal, body }) =>
    svc.calculate(await resolve(principal, body.domain), body.products),
  );
  bind(shop.createTransaction, async ({ principal, body }) =>
    svc.checkout(principal, await resolve(principal, body.domain), body.products, body.language),
  );
  bind(shop.getTransaction, async ({ principal, params }) =>
    payments.outcome(principal, params.uuid),
  );
  bind(shop.listInvoices, async ({ principal }) => ({
    invoices: await invoices.list(principal.customerId),
  }));
  bind(shop.downloadInvoice, async ({ principal, params }) => {
    const { pdf, filename } = await invoices.download(principal.customerId, params.number);
    return {
      stream: Buffer.from(pdf),
      filename,
      contentType: 'application/pdf',
      size: pdf.byteLength,
    };
  });
}
