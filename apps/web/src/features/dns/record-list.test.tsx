import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../lib/paths.ts';
import * as dns from '@haven/contract/dns';
import { fakeApi } from '../../test/fake-fetch.ts';
import { DnsPage } from './dns-page.tsx';
import { PAGE_SIZE } from '../../components/paged-list/use-paged-rows.ts';
import { renderDns } from './test-render-dns.tsx';
import { AVAILABLE, LIST, loadTexts, row } from './test-data.ts';

beforeAll(loadTexts);

// A big zone: 120 A records (three pages) and a few TXT records.
const BIG: dns.DnsList = {
  ...LIST,
  records: [
    ...Array.from({ length: 120 }, (_, i) =>
      row({ id: 100 + i, host: `h${i}`, domain: `h${i}.a.nl`, value: `192.0.2.${i + 1}` }),
    ),
    ...Array.from({ length: 3 }, (_, i) =>
      row({ id: 300 + i, record: 'TXT', host: `t${i}`, domain: `t${i}.a.nl`, value: `txt ${i}` }),
    ),
  ],
};

const show = () => {
  fakeApi().on(dns.list, BIG).on(dns.available, AVAILABLE);
  renderDns(<DnsPage />, ROUTES.dns, '/webhosting/a.nl/dns');
};

const section = (name: RegExp) =>
  screen.getByRole('heading', { name }).closest('section') as HTMLElement;

describe('RecordList', { timeout: 20_000 }, () => {
  it('shows a page of each type at a time, with the count of the whole type', async () => {
    show();
    await screen.findByRole('heading', { name: /A-records/ });
    const a = section(/^A-records/);
    expect(a).toHaveTextContent('(120)');
    expect(within(a).getAllByTestId('dns-row')).toHaveLength(PAGE_SIZE);
    expect(a).toHaveTextContent('1–50 van 120');
    await userEvent.setup().click(within(a).getByRole('button', { name: '3' }));
    expect(within(a).getAllByTestId('dns-row')).toHaveLength(20);
    expect(within(a).getByText('h119.a.nl')).toBeInTheDocument();
    // A type that fits on one page has no pages.
    expect(within(section(/^TXT-records/)).queryByRole('navigation')).toBeNull();
  });

  it('searches by name across the types and says when nothing matches', async () => {
    show();
    const search = await screen.findByRole('searchbox', { name: 'Zoeken op naam' });
    const user = userEvent.setup();
    await user.type(search, 'H11');
    const a = section(/^A-records/);
    // h11 and h110 to h119.
    expect(await within(a).findAllByTestId('dns-row')).toHaveLength(11);
    expect(screen.queryByRole('heading', { name: /^TXT-records/ })).toBeNull();
    expect(screen.getByText('11 van 123 records')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nergens');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Geen record heeft een naam met “nergens”.',
    );
  });
});
