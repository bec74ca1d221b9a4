/**
 * The dialog's stylesheet. Applied as a constructed stylesheet (CSSOM), never as <style> text
 * or style attributes, so a merchant's strict CSP without 'unsafe-inline' allows it. It lives
 * in the dialog's shadow root: the page's CSS does not reach in, ours does not leak out.
 * Desktop: 500 x 600 issuer area (EMV window size 03); phones: full screen (EMV 05).
 */
export const CHALLENGE_CSS = `dialog{box-sizing:border-box;width:500px;height:650px;max-width:100%;max-height:100%;padding:0;border:0;border-radius:12px;overflow:hidden;background:#fff;color:#1f2328;font:15px/1.4 system-ui,sans-serif;box-shadow:0 8px 40px #0006}
dialog[open]{display:flex;flex-direction:column}
dialog::backdrop{background:#000a}
header{display:flex;align-items:center;gap:8px;padding:2px 2px 2px 16px;border-bottom:1px solid #d0d7de}
h2{flex:1;margin:0;font-size:16px}
button{width:44px;height:44px;border:0;border-radius:8px;background:none;color:inherit;font-size:26px;cursor:pointer}
button:hover{background:#eaeef2}
button:focus-visible{outline:2px solid #0969da}
[role=status]{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:16px;text-align:center}
[role=status]:before{content:"";width:32px;height:32px;border:3px solid #d0d7de;border-top-color:#0969da;border-radius:50%;animation:r 1s linear infinite}
@keyframes r{to{transform:rotate(1turn)}}
iframe{flex:1;width:100%;border:0}
@media (max-width:540px){dialog{width:100%;height:100%;border-radius:0}}
@media (prefers-reduced-motion:reduce){[role=status]:before{animation:none}}`;
