import type { SandboxDeps } from '../app-env';
import { CardResolver } from '../cards/card-resolver';
import { CardVault } from '../cards/card-vault';
import { OrderStore } from '../orders/order-store';
import { PublicKeyStore } from '../public-keys/public-key-store';
import { AuthenticationStore } from '../three-ds/authentication-store';
import { ChargeEvents } from './charge-events';
import { ChargeProcessor } from './charge-processor';
import { ChargeStore } from './charge-store';
import { IdempotencyStore } from '../http/idempotency';

/** The stores and services the order, charge and boleto routes share. */
export interface Payments {
  orders: OrderStore;
  charges: ChargeStore;
  processor: ChargeProcessor;
  idempotency: IdempotencyStore;
  events: ChargeEvents;
}

const created = new WeakMap<SandboxDeps, Payments>();

/** One set per sandbox, whichever route module asks first. */
export function paymentsOf(deps: SandboxDeps): Payments {
  let p = created.get(deps);
  if (!p) {
    const orders = new OrderStore(deps.db);
    const charges = new ChargeStore(deps.db);
    const vault = new CardVault(deps.db, deps.clock);
    p = {
      orders,
      charges,
      processor: new ChargeProcessor(
        charges,
        new AuthenticationStore(deps.db, deps.clock),
        new CardResolver(new PublicKeyStore(deps.db, deps.clock), vault, deps.clock),
        vault,
        deps.clock,
      ),
      idempotency: new IdempotencyStore(deps.db, deps.clock),
      events: new ChargeEvents(deps.webhooks, orders, deps.apiUrl, deps.clock),
    };
    created.set(deps, p);
  }
  return p;
}
