// beforeChallenge: before the bank's challenge opens, tell the shopper which card and bank will
// ask, and let them open it with a button.
import type { BeforeChallenge } from '@gateway/sdk';
import { brandName } from './brand-name';

export const showBankNotice: BeforeChallenge = ({ brand, issuer, open }) => {
  const notice = document.getElementById('bank-notice') as HTMLElement;
  (document.getElementById('bank-notice-text') as HTMLElement).textContent = issuer
    ? `Seu cartão ${brandName(brand)}, emitido por ${issuer}, pede uma confirmação da compra. A página do banco abre nesta tela.`
    : `Seu cartão ${brandName(brand)} pede uma confirmação da compra. A página do banco abre nesta tela.`;
  notice.hidden = false;
  const go = document.getElementById('bank-continue') as HTMLButtonElement;
  go.focus();
  go.onclick = () => {
    notice.hidden = true;
    open();
  };
};
