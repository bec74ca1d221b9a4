// Causes one known violation (an inline script), after everything else on the page ran.
// Violation events are delivered in order, so once this one arrived every earlier one has too.
window.__canary = () => {
  const inline = document.createElement('script');
  inline.textContent = 'window.__inlineRan = true;';
  document.body.append(inline);
};
