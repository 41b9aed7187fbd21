// Applies the saved theme before first paint, so a dark-mode visitor never sees a light flash.
// A separate file because the CSP forbids inline scripts. The key and class must match
// src/lib/storage.ts (darkMode) and src/lib/theme.ts (darkmode).
try {
  if (localStorage.getItem('darkMode') === 'true') document.documentElement.classList.add('darkmode');
} catch {
  /* storage blocked: stay light */
}
