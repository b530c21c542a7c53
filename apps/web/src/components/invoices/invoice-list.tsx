import { useMemo, useState } from 'react';
import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '@haven/contract/shop';
import { FormError } from '../form-error.tsx';
import { usePagedList } from '../paged-list/paged-list.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatDate, formatEuro } from '../../lib/format.ts';
import { downloadInvoice, useInvoices } from './invoices-api.ts';

/** A PDF download button; the PDF is fetched with the session's token. */
export function InvoiceDownload({ number }: { number: string }) {
  const { t } = useTranslation('shop');
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({
    busy: false,
    error: null,
  });
  const onClick = () => {
    setState({ busy: true, error: null });
    downloadInvoice(number).then(
      () => setState({ busy: false, error: null }),
      (error: unknown) => setState({ busy: false, error }),
    );
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        variant="light"
        loading={state.busy}
        onClick={onClick}
        leftSection={<IconDownload size={14} aria-hidden />}
        aria-label={t('invoices.download', { number })}
      >
        PDF
      </Button>
      {state.error !== null && <FormError message={errorText(t, state.error, ['shop:error.'])} />}
    </Stack>
  );
}

const NONE: InvoiceSummary[] = [];
const invoiceText = (i: InvoiceSummary) => `${i.number} ${i.domain}`;

/**
 * The customer's invoices (number, date, domain, amount), newest first; `limit` shows only the
 * newest few (the helpdesk overview); else paged and searchable. Texts are the shop's: the shop makes the invoices.
 */
export function InvoiceList({ limit }: { limit?: number } = {}) {
  const { t, i18n } = useTranslation('shop');
  const invoices = useInvoices();
  const lang = i18n.language === 'en' ? 'en' : 'nl';
  const all = invoices.data ?? NONE;
  const rows = useMemo(() => (limit ? all.slice(0, limit) : all), [all, limit]);
  const paged = usePagedList(rows, {
    searchText: invoiceText,
    searchLabel: t('invoices.search'),
    label: t('invoices.title'),
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="invoices-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="invoices-title">
          {t('invoices.title')}
        </Title>
        {invoices.isError && <FormError message={errorText(t, invoices.error, ['shop:error.'])} />}
        {invoices.data?.length === 0 && <Text c="dimmed">{t('invoices.empty')}</Text>}
        {paged.search}
        {paged.shown.length > 0 && (
          <Table verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoices.number')}</Table.Th>
                <Table.Th visibleFrom="xs">{t('invoices.date')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('invoices.domain')}</Table.Th>
                <Table.Th ta="right">{t('invoices.total')}</Table.Th>
                <Table.Th>{t('invoices.pdf')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paged.shown.map((invoice) => (
                <Table.Tr key={invoice.number}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {invoice.number}
                    <Text size="xs" c="dimmed" hiddenFrom="xs">
                      {formatDate(invoice.date, lang)}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(invoice.date, lang)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{invoice.domain}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatEuro(invoice.total / 100, lang)}
                  </Table.Td>
                  <Table.Td>
                    <InvoiceDownload number={invoice.number} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {paged.pager}
      </Stack>
    </Card>
  );
}
