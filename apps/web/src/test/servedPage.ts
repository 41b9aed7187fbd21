/** The page as the server sends it, with the answers it asks for first written in (modules/seo/landing.ts). */
export function servePage(answers: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'served-answers';
  script.textContent = JSON.stringify(answers);
  document.head.append(script);
}

export function removeServedPage() {
  document.getElementById('served-answers')?.remove();
}
