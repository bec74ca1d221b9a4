// What RequireJS (or any AMD loader) leaves on a page: a global define with define.amd, plus
// CommonJS-looking globals some bundles leak. A UMD bundle would register itself here instead
// of setting window.Gateway; the script-tag build must not.
window.__amdDefinitions = [];
window.define = function define() {
  window.__amdDefinitions.push(Array.prototype.slice.call(arguments));
};
window.define.amd = {};
window.module = { exports: {} };
window.exports = window.module.exports;
