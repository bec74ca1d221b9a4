/**
 * The dialog's stylesheet. Applied as a constructed stylesheet (CSSOM), never as <style> text
 * or style attributes, so a merchant's strict CSP without 'unsafe-inline' allows it. It lives
 * in the dialog's shadow root: the page's CSS does not reach in, ours does not leak out.
 * Desktop: a 500 x 600 issuer area (EMV window size 03); phones: full screen (EMV 05).
 */
export const CHALLENGE_CSS =
  'dialog{box-sizing:border-box;width:500px;height:650px;max-width:100%;max-height:100%;padding:0;border:0;' +
  'border-radius:12px;font:15px/1.4 system-ui,sans-serif;background:#fff}' +
  'dialog[open]{display:flex;flex-direction:column}' +
  '::backdrop{background:#000a}' +
  'header{display:flex;align-items:center;padding-left:16px;border-bottom:1px solid #ddd}' +
  'h2{flex:1;font-size:16px}' +
  'button{width:48px;height:48px;border:0;background:none;font-size:26px}' +
  '[role=status]{flex:1;display:grid;place-content:center;place-items:center;gap:16px}' +
  '[role=status]:before{content:"";width:32px;height:32px;border:3px solid #ddd;border-top-color:#06c;border-radius:50%;animation:r 1s linear infinite}' +
  '@keyframes r{to{rotate:1turn}}' +
  'iframe{flex:1;width:100%;border:0}' +
  '@media (max-width:540px){dialog{width:100%;height:100%;border-radius:0}}' +
  '@media (prefers-reduced-motion:reduce){*{animation:none!important}}';
