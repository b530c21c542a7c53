import { useEffect, useRef, useState } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useTransaction, useRefreshAfterOrder } from './api.ts';
import { cartStore } from './cart-store.ts';
import { PaymentResult } from './payment-result.tsx';

/**
 * Specs §4 payment return: with `payment_uuid` in the address the address is cleaned, the
 * transaction fetched once, and a success or failure popup shown.
 */
export function PaymentReturn() {
  const { t } = useTranslation('shop');
  const location = useLocation();
  const navigate = useNavigate();
  const [uuid, setUuid] = useState<string | null>(null);
  const tx = useTransaction(uuid);
  const refresh = useRefreshAfterOrder();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const found = params.get('payment_uuid');
    if (!found) return;
    params.delete('payment_uuid');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
    setUuid(found);
  }, [location, navigate]);

  useEffect(() => {
    if (!tx.data?.success || handled.current === uuid) return;
    handled.current = uuid;
    // The order is applied: the plan flags, owned products and invoices changed; the cart is done.
    cartStore.clear(tx.data.domain);
    void refresh();
  }, [tx.data, uuid, refresh]);

  const title = tx.data
    ? t(tx.data.success ? 'payment.success_title' : 'payment.failure_title')
    : t('payment.checking');
  return (
    <Modal
      opened={uuid !== null}
      onClose={() => setUuid(null)}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('payment.close') }}
    >
      {uuid && <PaymentResult uuid={uuid} onLeave={() => setUuid(null)} />}
    </Modal>
  );
}
