import { z } from 'zod';

/** The accounts a browser remembers: a shared computer does not collect them without end. */
const MAX_ACCOUNTS = 10;

const stored = z.record(z.string(), z.string());

/**
 * Tokens the API gives this browser per account, kept in localStorage by e-mail (lower case):
 * - the device token of the last sign-in, sent with the next one, so that a lock-out caused by
 *   someone guessing from many addresses does not keep the owner out here (docs/security.md,
 *   sign-in limits). Kept on sign-out, like a known device;
 * - the "trust this browser for 30 days" token of the second step, sent with the next password
 *   sign-ins so the second step is skipped; the user revokes it in own details.
 */
function accountTokens(storageKey: string) {
  function read(): Record<string, string> {
    try {
      const parsed = stored.safeParse(JSON.parse(window.localStorage.getItem(storageKey) ?? '{}'));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }
  return {
    get: (email: string): string | undefined => read()[email.trim().toLowerCase()],
    remember(email: string, token: string) {
      const tokens = read();
      const key = email.trim().toLowerCase();
      delete tokens[key];
      tokens[key] = token;
      const kept = Object.entries(tokens).slice(-MAX_ACCOUNTS);
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(kept)));
      } catch {
        // Without storage the browser is simply not remembered.
      }
    },
  };
}

export const deviceTokens = accountTokens('vahti.deviceTokens');
export const trustedBrowserTokens = accountTokens('vahti.trustedBrowsers');
