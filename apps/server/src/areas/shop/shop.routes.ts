import { shop } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { InvoicePdfs } from './invoice-pdfs.ts';
import type { PaymentService } from './payment.service.ts';
import type { ShopService } from './shop.service.ts';

export function shopRoutes(bind: Bind, svc: ShopService, payments: PaymentService, invoices: InvoicePdfs): void {
  bind(shop.getStatus, async ({ domain }) => ({ data: await svc.status(domain) }));
  bind(shop.getProducts, async ({ domain }) => ({ products: await svc.products(domain) }));
  bind(shop.calculate, async ({ domain, body }) => svc.calculate(domain, body.products));
  bind(shop.createTransaction, async ({ principal, domain, body }) => svc.checkout(principal, domain, body.products, body.language));
  bind(shop.getTransaction, async ({ principal, params }) => payments.outcome(principal, params.uuid));
  bind(shop.listInvoices, async ({ principal }) => ({ invoices: await invoices.list(principal.customerId) }));
  bind(shop.downloadInvoice, async ({ principal, params }) => {
    const { pdf, filename } = await invoices.download(principal.customerId, params.number);
    return { stream: Buffer.from(pdf), filename, contentType: 'application/pdf', size: pdf.byteLength };
  });
}
