import type { ShopTables } from './shop.tables.ts';
import type { ShopSettings } from './shop.settings.ts';
import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import type { Guard } from '../../model/principal.ts';
import type { Payments } from '../../platform/payments/payments.port.ts';
import { createMolliePayments } from '../../platform/payments/payments.mollie.ts';
import { createLocalPayments, type TestCheckout } from '../../platform/payments/payments.local.ts';
import { createShopStore } from './shop.store.ts';
import { createTransactionsStore } from './transactions.store.ts';
import { createInvoicesStore } from './invoices.store.ts';
import { createInvoicePdfs } from './invoice-pdfs.ts';
import { createFulfilment } from './fulfilment.ts';
import { createPaymentService } from './payment.service.ts';
import { createShopService } from './shop.service.ts';
import { shopRoutes } from './shop.routes.ts';
import { shopHttp } from './shop.http.ts';
import { seedShopDemo } from './shop.seed.ts';
import { shopExports, type ShopExports } from './shop.exports.ts';
import type { PaymentTestTables } from '../../platform/payments/test-payments.tables.ts';

/**
 * Mollie when the operator configured a key; otherwise the built-in test checkout, but only in
 * the local profile: a production install without a key must not hand out free upgrades.
 */
function choosePayments(
  core: CoreContext,
  settings: ShopSettings,
): {
  payments: Payments | null;
  testCheckout: TestCheckout | null;
} {
  const { config } = core;
  const { mollieApiKey, mollieApiEndpoint } = settings;
  if (mollieApiKey) {
    return {
      payments: createMolliePayments({
        apiKey: mollieApiKey,
        ...(mollieApiEndpoint ? { apiEndpoint: mollieApiEndpoint } : {}),
      }),
      testCheckout: null,
    };
  }
  if (config.profile === 'local') {
    const local = createLocalPayments(
      core.db.withTables<PaymentTestTables>(),
      config.publicUrl,
      core.clock,
    );
    return { payments: local, testCheckout: local };
  }
  return { payments: null, testCheckout: null };
}

/** What the shop's products change in other areas, passed in by areas/registry.ts. */
export interface ShopEffects {
  /** The auth area's guard: the shop's routes take the domain from the order. */
  resolveDomain: Guard['resolveDomain'];
  spamfilterOn?: (domainId: number) => Promise<void>;
  invoiceMailAllowed?: (customerId: number) => Promise<boolean>;
}

export function shopModule(
  core: CoreContext,
  settings: ShopSettings,
  effects: ShopEffects,
): AreaModule & { exports: ShopExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<ShopTables>();
  const { clock, logger } = core;
  const { payments, testCheckout } = choosePayments(core, settings);
  const shop = createShopStore(db);
  const transactions = createTransactionsStore(db);
  const invoices = createInvoicesStore(db);
  const pdfs = createInvoicePdfs({ invoices, shop });
  const fulfilment = createFulfilment({
    db,
    shop,
    transactions,
    invoices,
    pdfs,
    mailer: core.mailer,
    clock,
    logger,
    publicUrl: core.config.publicUrl,
    domainChanged: core.customers.domainsChanged,
    ...effects,
  });
  const paymentService = createPaymentService({
    payments,
    transactions,
    invoices,
    shop,
    fulfilment,
    clock,
    logger,
  });
  const svc = createShopService({
    shop,
    transactions,
    payments,
    paymentService,
    fulfilment,
    clock,
    publicUrl: core.config.publicUrl,
  });
  return {
    name: 'shop',
    routes: (bind) =>
      shopRoutes(bind, svc, paymentService, pdfs, (principal, name) =>
        effects.resolveDomain(principal, name),
      ),
    http: (app) => shopHttp(app, { payments: paymentService, testCheckout }),
    seedDemo: (domain) => seedShopDemo({ db, shop, transactions, fulfilment, clock }, domain),
    exports: shopExports(shop),
  };
}
