import { html } from 'hono/html';
import type { Merchant } from '../merchants/merchant-store';
import type { Fragment } from './console-layout';
import { when } from './console-layout';

/** What the account page shows: the merchant as stored, the token it signed in with, its keys, the sandbox's addresses. */
export interface AccountView {
  merchant: Merchant;
  token: string;
  keys: ReadonlyArray<{ id: string; createdAt: number }>;
  apiUrl: string;
  challengeUrl: string;
}

/** The account: token, webhook secret, public keys, settings (docs/console.md#account). */
export function accountPage({ merchant: m, token, keys, apiUrl, challengeUrl }: AccountView): Fragment {
  return html`<dl class="facts">
<dt>Account</dt><dd>${m.name} <code>${m.id}</code></dd>
<dt>API token</dt><dd><code>${token}</code></dd>
<dt>Webhook secret</dt><dd><code>${m.webhookSecret}</code></dd>
<dt>API</dt><dd><code>${apiUrl}</code></dd>
<dt>Challenge origin</dt><dd><code>${challengeUrl}</code></dd>
</dl>
<h2>Public keys</h2>
${
  keys.length
    ? html`<ul>${keys.map((k) => html`<li><code>${k.id}</code>, created ${when(k.createdAt)}</li>`)}</ul>`
    : html`<p>None yet: <code>POST /public-keys</code> creates one.</p>`
}
<h2>Settings</h2>
<dl class="facts">
<dt>PCI homologated</dt><dd>${m.pciHomologated ? 'yes: may send clear card data' : 'no: cards must be encrypted'}</dd>
<dt>Sub-merchant charges</dt><dd>${m.subMerchantEnabled ? 'enabled' : 'disabled'}</dd>
<dt>Released MCCs</dt><dd>${m.releasedMccs.length ? m.releasedMccs.join(', ') : 'none'}</dd>
<dt>Installment interest</dt><dd>${(m.installmentRateBp / 100).toFixed(2)} % a month</dd>
<dt>Pix city and key</dt><dd>${m.merchantCity} · <code>${m.pixKey}</code></dd>
</dl>
<p class="note"><code>POST /sandbox/merchant/settings</code> changes them (<a href="/docs">API reference</a>).</p>`;
}
