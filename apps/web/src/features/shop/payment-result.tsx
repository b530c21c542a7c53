import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useProducts, useTransaction } from './api.ts';
import { InvoiceDownload } from '../../components/invoices/invoice-list.tsx';
import { useCart } from './cart-store.ts';
import { productName } from './prices.ts';

interface Props {
  uuid: string;
  /** Called when the reader follows a link (the popup closes). */
  onLeave?: () => void;
}

/** The outcome of one checkout: applied with its invoice, or nothing changed. */
export function PaymentResult({ uuid, onLeave }: Props) {
  const { t, i18n } = useTranslation('shop');
  const tx = useTransaction(uuid);
  const products = useProducts(tx.data?.domain || undefined);
  const { cart } = useCart(tx.data?.domain || undefined);
  if (tx.isPending) return <PageLoader />;
  if (tx.isError) return <FormError message={errorText(t, tx.error, ['shop:error.'])} />;
  const { domain, success, status, invoice } = tx.data;
  const names = tx.data.products
    .map((id) =>
      productName(
        products.data?.find((p) => p.id === id),
        i18n.language,
      ),
    )
    .filter(Boolean)
    .join(', ');

  if (success) {
    return (
      <Stack gap="sm">
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />}>
          {t('payment.success_text', { products: names, domain })}
        </Alert>
        {invoice && (
          <Group gap="sm" align="center">
            <Text size="sm">{t('payment.invoice', { number: invoice })}</Text>
            <InvoiceDownload number={invoice} />
          </Group>
        )}
        <Group justify="flex-end">
          <Button component={Link} to={routePath('upgradeproducts', { domain })} onClick={onLeave}>
            {t('payment.to_products')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Alert
        color={status === 'open' ? 'yellow' : 'red'}
        variant="light"
        icon={<IconCircleX aria-hidden />}
      >
        {t(`payment.failure_${status === 'paid' ? 'failed' : status}`)}
      </Alert>
      <Group justify="flex-end">
        {/* To the cart only when it holds something here (another browser's cart is not here). */}
        <Button
          component={Link}
          to={routePath(cart.length > 0 ? 'cart' : 'upgrade', { domain })}
          onClick={onLeave}
        >
          {t(cart.length > 0 ? 'payment.to_cart' : 'cart.choose')}
        </Button>
      </Group>
    </Stack>
  );
}
