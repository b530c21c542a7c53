import type * as shop from '../areas/shop.ts';
import { route } from './route.ts';

// The shell shows the cart and the payment return, so the shop calls are on the first load too.

export const getStatus = route<typeof shop.getStatus>({
  method: 'GET',
  path: '/api/{domain}/shopping/status',
  access: 'domain',
});

export const getProducts = route<typeof shop.getProducts>({
  method: 'GET',
  path: '/api/{domain}/shopping/products',
  access: 'domain',
});

export const calculate = route<typeof shop.calculate>({
  method: 'POST',
  path: '/api/{domain}/shopping/calculate',
  access: 'domain',
});

export const createTransaction = route<typeof shop.createTransaction>({
  method: 'POST',
  path: '/api/{domain}/shopping/transaction',
  access: 'domain',
});

export const getTransaction = route<typeof shop.getTransaction>({
  method: 'GET',
  path: '/api/shopping/transaction/{uuid}',
  access: 'user',
});

export const listInvoices = route<typeof shop.listInvoices>({
  method: 'GET',
  path: '/api/invoice',
  access: 'user',
});

export const downloadInvoice = route<typeof shop.downloadInvoice>({
  method: 'GET',
  path: '/api/invoice/{number}/pdf',
  access: 'user',
  responseKind: 'file',
});
