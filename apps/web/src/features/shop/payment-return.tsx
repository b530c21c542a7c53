import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { paymentReturn } from '../../lib/payment-return.ts';
import { useTransaction, useRefreshAfterOrder } from './api.ts';
import { cartStore } from './cart-store.ts';
import { PaymentResult } from './payment-result.tsx';

/**
 * Specs §4 payment return: the root route took `payment_uuid` out of the address (on any route,
 * before a login if one was needed); the transaction is fetched once and a success or failure
 * popup shown. A paid order leaves the cart.
 */
export function PaymentReturn() {
  const { t } = useTranslation('shop');
  const uuid = useSyncExternalStore(paymentReturn.subscribe, paymentReturn.pending);
  const tx = useTransaction(uuid);
  const refresh = useRefreshAfterOrder();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!uuid || handled.current === uuid) return;
    // Another customer's order (a different login in this tab): nothing to show.
    if (isApiError(tx.error) && tx.error.status === 404) {
      handled.current = uuid;
      paymentReturn.done(uuid);
      return;
    }
    if (!tx.data?.success) return;
    handled.current = uuid;
    // The order is applied: the plan flags, owned products and invoices changed; what was paid
    // for leaves the cart (in every tab of this host; other hosts prune owned products on sight).
    cartStore.removePaid(tx.data.domain, tx.data.products);
    void refresh();
  }, [tx.data, tx.error, uuid, refresh]);

  const close = () => uuid && paymentReturn.done(uuid);
  const title = tx.data
    ? t(tx.data.success ? 'payment.success_title' : 'payment.failure_title')
    : t('payment.checking');
  const notOurs = isApiError(tx.error) && tx.error.status === 404;
  return (
    <Modal opened={uuid !== null && !notOurs} onClose={close} title={title} centered>
      {uuid && <PaymentResult uuid={uuid} onLeave={close} />}
    </Modal>
  );
}
