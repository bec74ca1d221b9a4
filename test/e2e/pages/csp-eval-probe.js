// What zod does when it is not jitless: probe `new Function` and swallow the error. On a strict
// CSP page this still raises a securitypolicyviolation, which the CSP test must be able to see.
try {
  new Function('');
} catch {
  // blocked, as expected
}
