import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InvoiceList } from '../../components/invoices/invoice-list.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';

/** The shop's invoices of the customer, each with its PDF. */
export function InvoicePage() {
  const { t } = useTranslation('helpdesk');
  return (
    <Stack gap="md">
      <ScreenHeader title={t('invoice.title')} intro={t('invoice.intro')} />
      <InvoiceList />
    </Stack>
  );
}
