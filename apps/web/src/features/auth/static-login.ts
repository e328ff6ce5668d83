import type { LoginBody } from '@vahti/domain';

/** What a visitor did on the static login card before the app replaced it. */
export interface StaticLogin {
  values: LoginBody;
  /** The id of the field the caret was in, to put it back there. */
  focused: string | null;
  /** The form was sent (src/login-shell.js held it back): the app sends it on. */
  submitted: boolean;
}

/**
 * The static login card (index.html's `#login-shell`, src/login-card.tsx) is a working form while
 * the JavaScript arrives: a visitor can type, and send, before React's first render replaces it.
 * Read during that render, while the card is still in the page: what was typed, where the caret
 * was and whether it was sent. Null when no card was shown, and while the build renders the card.
 */
export function takeStaticLogin(): StaticLogin | null {
  if (typeof document === 'undefined') return null;
  if (!document.documentElement.classList.contains('login-shell')) return null;
  const card = document.getElementById('login-shell');
  const form = card?.querySelector('form');
  if (!card || !form) return null;
  const value = (id: string) => (card.querySelector(`#${id}`) as HTMLInputElement | null)?.value;
  const active = document.activeElement;
  return {
    values: { userEmail: value('login-email') ?? '', userPassword: value('login-password') ?? '' },
    focused: active instanceof HTMLInputElement && card.contains(active) ? active.id : null,
    submitted: form.hasAttribute('data-submitted'),
  };
}
