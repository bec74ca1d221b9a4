// beforeChallenge: before the bank's challenge opens, tell the shopper which card and bank will
// ask, and let them open it with a button.
import type { BeforeChallenge } from '@gateway/sdk';

export const showBankNotice: BeforeChallenge = ({ brand, issuer, open }) => {
  const notice = document.getElementById('bank-notice') as HTMLElement;
  (document.getElementById('bank-notice-text') as HTMLElement).textContent = `Cartão ${brand.toUpperCase()}${issuer ? ` do ${issuer}` : ''}: seu banco vai pedir uma confirmação da compra.`;
  notice.hidden = false;
  const go = document.getElementById('bank-continue') as HTMLButtonElement;
  go.focus();
  go.onclick = () => {
    notice.hidden = true;
    open();
  };
};
