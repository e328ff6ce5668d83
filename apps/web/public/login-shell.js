/*
 * Runs before the first paint (a classic script in index.html's <head>: the Content-Security-Policy
 * allows no inline script). When the app is going to show the login screen, it lets the login
 * screen the build rendered into index.html (src/login-card.tsx) show, so a phone paints the
 * screen before the JavaScript has arrived; React replaces it with the live one in the same place.
 * Not with a stored session (the app goes on to another screen), another chosen language, the
 * password-reset step or any other screen: those would flash. See docs/performance.md, "Login page".
 */
try {
  const [path, query = ''] = location.hash.replace(/^#/, '').split('?');
  const loginScreen = path === '' || path === '/' || path === '/login';
  const passwordReset = /(^|&)code=/.test(query);
  const language = localStorage.getItem('vahti.language');
  if (
    loginScreen &&
    !passwordReset &&
    !localStorage.getItem('vahti.session') &&
    (language === null || language === 'fi')
  ) {
    document.documentElement.classList.add('login-shell');
  }
} catch {
  // Storage blocked: no static card, the app renders as it would without it.
}
