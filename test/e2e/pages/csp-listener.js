// Loaded first on the strict-CSP page: records every CSP violation from the very start, and
// sets the page's own zod configuration the way a merchant's zod would find it.
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile });
});
window.__pageCustomError = () => 'PAGE-ZOD-MESSAGE';
// zod/compile installs a post-processor that every zod schema built on the page is handed to.
window.__postProcessed = 0;
globalThis.__zod_globalConfig = {
  jitless: false,
  customError: window.__pageCustomError,
  postProcessor: () => window.__postProcessed++,
};
window.__pageZodConfig = globalThis.__zod_globalConfig;
