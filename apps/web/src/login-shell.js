/*
 * Runs before the first paint: inline in index.html's <head> (vite.config.ts puts it there; the
 * server's Content-Security-Policy allows it by its hash), so it costs the page no request. When
 * the app is going to show the login screen, it lets the login screen the build rendered into
 * index.html (src/login-card.tsx) show, so a phone paints the screen, and its visitor can type,
 * before the JavaScript has arrived; React replaces it with the live one in the same place.
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
    // The card is a working form while the JavaScript arrives: what is typed carries over
    // (src/features/auth/static-login.ts). A form sent now is held here, never sent by the
    // browser itself (that would put the password in the address), and the app sends it on.
    document.addEventListener(
      'submit',
      (event) => {
        const form = event.target;
        if (!(form instanceof HTMLFormElement) || !form.closest('#login-shell')) return;
        event.preventDefault();
        form.setAttribute('data-submitted', '');
        form.setAttribute('aria-busy', 'true');
      },
      true,
    );
  }
} catch {
  // Storage blocked: no static card, the app renders as it would without it.
}
