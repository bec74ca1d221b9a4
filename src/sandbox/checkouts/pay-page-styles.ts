/**
 * The pay page's stylesheet, inline by its hash (the page's CSP allows no other): one column at
 * 375 px, the cart beside the form from 900 px; focus always visible; contrast AA.
 */
export const PAY_PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f3f5f8}
main{max-width:1040px;margin:0 auto;padding:16px}
h1{font-size:1.4rem;margin:8px 0 16px}
h2{font-size:1.1rem;margin:0 0 12px}
.layout{display:grid;gap:16px}
@media (min-width:900px){.layout{grid-template-columns:1fr 360px;align-items:start}.cart{order:2}}
.panel{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:16px}
.cart ul{list-style:none;margin:0 0 12px;padding:0}
.cart li{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-bottom:1px solid #eaeef2}
.cart dl{display:grid;grid-template-columns:1fr auto;margin:0;gap:4px 12px}
.cart dd{margin:0;text-align:right}
.cart .total{font-weight:700;font-size:1.1rem}
fieldset{border:0;margin:0 0 16px;padding:0}
legend{font-weight:600;margin-bottom:8px;padding:0}
label{display:block;margin-bottom:10px}
label span{display:block;font-size:.9rem;margin-bottom:2px}
input,select{width:100%;font:inherit;padding:8px 10px;border:1px solid #8c959f;border-radius:6px;background:#fff;color:inherit}
.row{display:grid;grid-template-columns:1fr 1fr;gap:0 12px}
.methods label{display:flex;align-items:center;gap:8px;border:1px solid #d0d7de;border-radius:6px;padding:10px;margin-bottom:8px}
.methods input{width:auto;margin:0}
.card-field{margin-bottom:4px}
button{font:inherit;border:0;border-radius:6px;padding:12px 16px;cursor:pointer}
button.primary{width:100%;background:#0a5ad4;color:#fff;font-weight:600}
button.secondary{background:#eaeef2;color:#1b1f24}
button:disabled{opacity:.6;cursor:progress}
:focus-visible{outline:3px solid #0a5ad4;outline-offset:2px}
.field-error{color:#b3261e;font-size:.9rem;margin:-6px 0 10px}
[aria-invalid=true]{border-color:#b3261e}
.notice{border-left:4px solid #0a5ad4;background:#fff;padding:12px 16px;margin-bottom:16px}
.notice.error{border-color:#b3261e}
.notice.success{border-color:#1a7f37}
.digits{font-family:ui-monospace,monospace;word-break:break-all}
.qr{display:block;width:220px;height:220px;margin:8px 0}
.sandbox-only{margin-top:12px;padding:8px 12px;border:1px dashed #8c959f;border-radius:6px}
[hidden]{display:none!important}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
