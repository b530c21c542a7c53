import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useTransaction } from './api.ts';
import { useCart } from './cart-store.ts';
import { PaymentResult } from './payment-result.tsx';

/**
 * The wizard's success and failure pages. With `?transaction=<uuid>` they show that checkout's
 * outcome as the server knows it (never what the address claims); without, where to go next.
 */
export function UpgradeResultPage({ outcome }: { outcome: 'success' | 'failure' }) {
  const { t } = useTranslation('shop');
  const { domain = '' } = useParams();
  const [params] = useSearchParams();
  const uuid = params.get('transaction');
  const { cart } = useCart(domain);
  // Without a transaction the failure page says what is true of the cart: kept, or empty.
  const toCart = outcome === 'failure' && cart.length > 0;
  const tx = useTransaction(uuid);
  // With a transaction the server's outcome names the page, whichever address it came back to.
  const succeeded = uuid ? tx.data?.success : outcome === 'success';
  const title =
    succeeded === undefined
      ? t('payment.checking')
      : t(succeeded ? 'payment.success_title' : 'payment.failure_title');
  usePageTitle(title);
  const next =
    outcome === 'success'
      ? { to: routePath('upgradeproducts', { domain }), label: t('payment.to_products') }
      : toCart
        ? { to: routePath('cart', { domain }), label: t('payment.to_cart') }
        : { to: routePath('upgrade', { domain }), label: t('cart.choose') };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="result-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="result-title">
          {title}
        </Title>
        {uuid ? (
          <PaymentResult uuid={uuid} />
        ) : (
          <>
            <Alert color={outcome === 'success' ? 'teal' : 'red'} variant="light">
              {t(
                outcome === 'success'
                  ? 'payment.success_generic'
                  : toCart
                    ? 'payment.failure_generic_cart'
                    : 'payment.failure_generic',
              )}
            </Alert>
            <Group justify="flex-end">
              <Button component={Link} to={next.to}>
                {next.label}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

export function UpgradeSuccessPage() {
  return <UpgradeResultPage outcome="success" />;
}

export function UpgradeFailurePage() {
  return <UpgradeResultPage outcome="failure" />;
}
