import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cron from '@haven/contract/cron';
import { ROUTES } from '../../lib/paths.ts';
import { i18n } from '../../lib/i18n.ts';
import { fail, fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { CronAddPage } from './cron-add-page.tsx';
import { CronDetailPage } from './cron-detail-page.tsx';

beforeAll(() => i18n.loadNamespaces(['cron']));

const OVERVIEW: cron.CronOverview = {
  premium: true,
  users: ['blogger'],
  apps: [{ value: 'command', text: 'command' }],
  timezone: 'Europe/Amsterdam',
};

const notFound = () => screen.findByRole('heading', { name: 'Pagina niet gevonden' });

// A cron route for an FTP user (or a job) that does not exist shows the not-found page, no form.
describe('cron routes of something that does not exist', () => {
  it('shows no add form for an FTP user that does not exist', async () => {
    fakeApi().on(cron.getCronOverview, OVERVIEW);
    renderPage(<CronAddPage />, {
      path: ROUTES.cronjobadd,
      url: '/webhosting/a.nl/cronjob/nobody/add',
    });
    expect(await notFound()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar het dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows no job form for an FTP user that does not exist', async () => {
    fakeApi().on(cron.getCronOverview, OVERVIEW).on(cron.getCronjob, fail(404, 'not_found'));
    renderPage(<CronDetailPage />, {
      path: ROUTES.cronjobdetail,
      url: '/webhosting/a.nl/cronjob/nobody/a1b2c3d4e5f60718',
    });
    expect(await notFound()).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows no job form for a job that does not exist', async () => {
    fakeApi().on(cron.getCronOverview, OVERVIEW).on(cron.getCronjob, fail(404, 'not_found'));
    renderPage(<CronDetailPage />, {
      path: ROUTES.cronjobdetail,
      url: '/webhosting/a.nl/cronjob/blogger/a1b2c3d4e5f60718',
    });
    expect(await notFound()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nu uitvoeren|Run now/ })).not.toBeInTheDocument();
  });
});
