import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { paymentReturn } from '../../lib/payment-return.ts';
import { useSelectedDomain } from '../../lib/selected-domain.ts';
import { useUser } from '../../lib/user.ts';
import { useCart } from './cart-store.ts';
import { useOwnedLeaveCart } from './owned-leave-cart.ts';

// The payment return's popup (the transaction, its products, the invoices) loads when a return
// is pending: the dashboard's first paint does not need it.
const PaymentReturn = lazy(async () => {
  const { PaymentReturn: Component } = await import('./payment-return.tsx');
  return { default: Component };
});

/** The shell's cart (a link with the number of products) and the payment return popup. */
export function ShopHeaderAction() {
  const { t, ready } = useTranslation('shop', { useSuspense: false });
  const { data: user } = useUser();
  const { domain } = useSelectedDomain();
  const { cart } = useCart(domain);
  useOwnedLeaveCart(user?.type === 'EMAIL' ? undefined : domain, cart);
  const pending = useSyncExternalStore(paymentReturn.subscribe, paymentReturn.pending);
  // Once shown, the popup stays mounted, so that it closes with its transition.
  const [returned, setReturned] = useState(false);
  if (pending !== null && !returned) setReturned(true);
  if (!ready || !user || user.type === 'EMAIL' || !domain) return null;
  const label = t('cart.link', { count: cart.length });
  return (
    <>
      <Tooltip label={label}>
        <Indicator label={cart.length} size={16} disabled={cart.length === 0} offset={4}>
          <ActionIcon
            component={Link}
            to={routePath('cart', { domain })}
            variant="subtle"
            size="lg"
            aria-label={label}
          >
            <IconShoppingCart size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      {returned && (
        <Suspense fallback={null}>
          <PaymentReturn />
        </Suspense>
      )}
    </>
  );
}
