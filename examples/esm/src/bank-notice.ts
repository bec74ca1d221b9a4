// beforeChallenge: before the bank's challenge opens, tell the shopper which card and bank will
// ask, and let them open it with a button. One state at a time: while the bank waits for the
// shopper, the page neither offers Pay nor says it is processing.
import type { BeforeChallenge } from '@gateway/sdk';
import { brandName } from './brand-name';
import { paragraph, show } from './result-view';

export const showBankNotice: BeforeChallenge = ({ brand, issuer, open }) => {
  const notice = document.getElementById('bank-notice') as HTMLElement;
  (document.getElementById('bank-notice-text') as HTMLElement).textContent = issuer
    ? `Seu cartão ${brandName(brand)}, emitido por ${issuer}, pede uma confirmação da compra. A página do banco abre nesta tela.`
    : `Seu cartão ${brandName(brand)} pede uma confirmação da compra. A página do banco abre nesta tela.`;
  show('', []);
  (document.getElementById('pay') as HTMLButtonElement).hidden = true;
  notice.hidden = false;
  const go = document.getElementById('bank-continue') as HTMLButtonElement;
  go.focus();
  go.onclick = () => {
    notice.hidden = true;
    show('', [paragraph('Aguardando a confirmação do seu banco…')]);
    open();
  };
};
