import type * as helpdesk from '@haven/contract/helpdesk';
import { i18n } from '../../lib/i18n.ts';

/** Shared answers for the helpdesk screens' tests. */
export const ADDRESS: helpdesk.Address = {
  id: 7,
  status: 'complete',
  domain: 'a.nl',
  product: 'HOSTING',
  name: 'Jan Jansen',
  email: 'jan@a.nl',
  streetname: 'Dorpsstraat',
  housenumber: '12',
  zipcode: '1234 AB',
  city: 'Utrecht',
  country: 'NL',
  phone: '030 123 4567',
  updated_at: '2026-01-02T10:00:00Z',
};

export const EMPTY_ADDRESS: helpdesk.Address = {
  ...ADDRESS,
  id: 8,
  status: 'incomplete',
  domain: 'b.nl',
  product: 'DOMAIN',
  name: '',
  email: '',
  streetname: '',
  housenumber: '',
  zipcode: '',
  city: '',
  phone: '',
  updated_at: null,
};

export const loadTexts = () => i18n.loadNamespaces(['helpdesk']);
