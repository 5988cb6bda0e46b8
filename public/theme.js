/* global document, window, localStorage */
// The theme before the first paint (issue 30): a classic script in <head>, from our own origin so
// the CSP's script-src 'self' allows it. It sets data-theme on <html> from the user's choice, kept
// in localStorage by the portal (src/machines/effects.ts, same key and values), else from the
// system setting, and follows the system while the choice is "system". Nothing else: no globals.
(function () {
  var root = document.documentElement;
  var query = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function choice() {
    try {
      var stored = localStorage.getItem('portal-appearance');
      return stored === 'light' || stored === 'dark' ? stored : 'system';
    } catch {
      return 'system';
    }
  }
  function apply() {
    var chosen = choice();
    var theme = chosen === 'system' ? (query && query.matches ? 'dark' : 'light') : chosen;
    root.setAttribute('data-theme', theme);
    // The canvas behind the page too, before the stylesheet arrives (index.html's meta allows both).
    root.style.colorScheme = theme;
  }
  apply();
  if (query && query.addEventListener) query.addEventListener('change', apply);
  // Another tab changed the choice.
  window.addEventListener('storage', function (event) {
    if (event.key === 'portal-appearance') apply();
  });
})();
