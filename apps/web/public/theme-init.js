// Applies the saved theme before first paint, so a dark-mode visitor never sees a light flash.
try {
  if (localStorage.getItem('darkMode') === 'true') document.documentElement.classList.add('darkmode');
} catch {
  /* storage blocked: stay light */
}
