/** Screens anyone may open; an expired session there needs no trip to the login screen. */
const PUBLIC_PATHS = [
  '/',
  '/login',
  '/user-register',
  '/forgot-password',
  '/change-password',
  '/not-found',
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname);
}

/**
 * A `redirect` query value is followed only when it is an internal route ("/tieto/dashboard?x=1"):
 * never a scheme-relative or absolute URL, never back to the login screen itself.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  // Control characters and backslashes have no place in our routes and can confuse URL parsers.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return null;
  }
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/' || pathname === '/login') return null;
  return value;
}

/** The login route that brings the user back to `wanted` after signing in. */
export function loginPathFor(wanted: string): string {
  const target = safeRedirect(wanted);
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}
