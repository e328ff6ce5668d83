import { z } from 'zod';

const STORAGE_KEY = 'vahti.deviceTokens';
/** The accounts a browser remembers: a shared computer does not collect them without end. */
const MAX_ACCOUNTS = 10;

const stored = z.record(z.string(), z.string());

function read(): Record<string, string> {
  try {
    const parsed = stored.safeParse(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * The device token the API gave this browser for an account at its last sign-in: sent with the
 * next one, so that a lock-out caused by someone guessing from many addresses does not keep the
 * owner out here (docs/security.md, sign-in limits). Kept on sign-out, like a known device.
 */
export function deviceTokenFor(email: string): string | undefined {
  return read()[email.trim().toLowerCase()];
}

export function rememberDeviceToken(email: string, token: string) {
  const tokens = read();
  const key = email.trim().toLowerCase();
  delete tokens[key];
  tokens[key] = token;
  const kept = Object.entries(tokens).slice(-MAX_ACCOUNTS);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Without storage the browser is simply not remembered.
  }
}
