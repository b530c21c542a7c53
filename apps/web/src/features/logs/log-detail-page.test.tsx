import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import * as logs from '@haven/contract/logs';
import { ROUTES } from '../../lib/paths.ts';
import { i18n } from '../../lib/i18n.ts';
import { fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { LogDetailPage } from './log-detail-page.tsx';

beforeAll(() => i18n.loadNamespaces(['logs']));

const LOGS: logs.LogFile[] = [
  {
    name: 'access.log',
    filesize: 120,
    compression: 'none',
    kind: 'access',
    modified: '2025-03-01T10:00:00Z',
    viewable: true,
  },
];

const open = (name: string) =>
  renderPage(<LogDetailPage />, { path: ROUTES.logdetail, url: `/webhosting/a.nl/log/${name}` });

describe('LogDetailPage', () => {
  it('shows a log that exists with its download button', async () => {
    fakeApi()
      .on(logs.listLogs, { logs: LOGS })
      .on(logs.getLog, { log: LOGS[0]!, lines: ['GET /'], page: 1, has_older: false });
    open('access.log');
    expect(await screen.findByRole('heading', { name: 'access.log' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^(Downloaden|Download)/ })).toBeInTheDocument();
  });

  it('shows the not-found page, no download, for a log that does not exist', async () => {
    fakeApi()
      .on(logs.listLogs, { logs: LOGS })
      .on(logs.getLog, { log: LOGS[0]!, lines: [], page: 1, has_older: false });
    open('missing.log');
    expect(
      await screen.findByRole('heading', { name: 'Pagina niet gevonden' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar het dashboard' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /^(Downloaden|Download)/ }),
    ).not.toBeInTheDocument();
  });
});
