import type * as sitebuilder from '../areas/sitebuilder.ts';
import { route } from './route.ts';

export const getSitebuilder = route<typeof sitebuilder.getSitebuilder>({
  method: 'GET',
  path: '/api/{domain}/sitebuilder',
  access: 'domain',
});

export const openSitebuilder = route<typeof sitebuilder.openSitebuilder>({
  method: 'POST',
  path: '/api/{domain}/sitebuilder/open',
  access: 'domain',
});
