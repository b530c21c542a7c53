/**
 * The statistics area's endpoints without their schemas (`statistics.ts` adds them). Zod-free:
 * the dashboard asks for its figures before the first paint (see `account-routes.ts`).
 */
import { defineRoute } from '../endpoint.ts';

/** Error codes of statistics; the web shows them as `statistics.error.<code>`. */
export const STATISTICS_ERRORS = ['range_reversed', 'range_too_long', 'date_in_future'] as const;

export const getTraffic = defineRoute({
  method: 'GET',
  path: '/api/{domain}/statistics/traffic',
  access: 'domain',
  userTypes: ['HOSTING'],
  packages: ['HOSTING'],
  tag: 'statistics',
  summary: 'Data usage per day (default: the first of the month to today)',
  errors: STATISTICS_ERRORS,
});

export const refreshTraffic = defineRoute({
  method: 'POST',
  path: '/api/{domain}/statistics/refresh',
  access: 'domain',
  userTypes: ['HOSTING'],
  packages: ['HOSTING'],
  tag: 'statistics',
  summary:
    "Reads the domain's new log lines into the daily figures and measures its disk usage, now",
  errors: [],
  expensive: true,
});

export const getOverview = defineRoute({
  method: 'GET',
  path: '/api/{domain}/statistics/overview',
  access: 'domain',
  userTypes: ['HOSTING'],
  packages: ['HOSTING'],
  tag: 'statistics',
  summary: 'Limits, disk usage (measured, cached with its time) and other statistics',
  errors: [],
});

export const getTopMailboxes = defineRoute({
  method: 'GET',
  path: '/api/{domain}/statistics/top-mailboxes',
  access: 'domain',
  userTypes: ['HOSTING'],
  packages: ['HOSTING'],
  tag: 'statistics',
  summary: 'The five mailboxes using the most space (empty when the domain has none)',
  errors: [],
});
