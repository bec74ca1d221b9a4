/**
 * The stylesheet of the challenge origin's pages: inline in each, allowed by its sha256 in their
 * CSP (PAGE_STYLE_CSP), and served at /challenge/challenge.css.
 */
export const CHALLENGE_PAGE_CSS = `*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font:16px/1.5 system-ui,sans-serif;color:#1f2328;background:#fff}
.host iframe{display:block;width:100%;height:100%;border:0}
main{max-width:440px;margin:0 auto;padding:20px}
.top{display:flex;justify-content:space-between;align-items:center;gap:8px;margin-bottom:16px}
.issuer{font-weight:700;font-size:18px;color:#0b3d91;margin:0}
.badge{font-size:12px;padding:2px 8px;border-radius:12px;background:#fff3cd;color:#5c4400;margin:0}
h1{font-size:22px;margin:0 0 8px}
label{display:block;font-weight:600;margin:16px 0 4px}
input{width:100%;font:inherit;font-size:22px;letter-spacing:6px;padding:10px 12px;border:1px solid #8c959f;border-radius:8px}
input:focus{outline:3px solid #0969da;outline-offset:1px}
.hint{font-size:13px;color:#57606a;margin:6px 0}
.error{color:#b42318;font-weight:600;margin:8px 0}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}
button{font:inherit;font-weight:600;padding:10px 20px;border-radius:8px;border:1px solid #0b3d91;cursor:pointer}
button[type=submit]{background:#0b3d91;color:#fff}
button[type=button]{background:#fff;color:#0b3d91}
button:focus-visible{outline:3px solid #0969da;outline-offset:2px}`;
