// The order summary: the server's cart and total, in reais.
import { unbrokenUnits } from '../../checkout/public/shopper-rules.mjs';
import type { CheckoutConfig } from './merchant-api';

export const brl = (cents: number): string =>
  (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

export function renderCart(config: CheckoutConfig): void {
  const list = document.getElementById('cart-items') as HTMLUListElement;
  for (const item of config.cart) {
    const li = document.createElement('li');
    li.append(
      Object.assign(document.createElement('span'), { textContent: `${item.quantity}× ${unbrokenUnits(item.name)}` }),
      Object.assign(document.createElement('span'), { textContent: brl(item.quantity * item.unit_amount) }),
    );
    list.append(li);
  }
  (document.getElementById('cart-total') as HTMLElement).textContent = brl(config.total);
}
