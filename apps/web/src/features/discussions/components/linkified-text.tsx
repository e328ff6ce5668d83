import Link from '@mui/material/Link';
import type { ReactNode } from 'react';

/** Something that looks like a web address; punctuation ending a sentence is not part of it. */
const ADDRESS = /https?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]]+$/;

/** A safe link target: only http and https, as the browser parses it. */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Text as written, with its web addresses as links. Everything is a React text node (never
 * HTML); only http/https addresses become links, opened in a new tab without handing the page
 * to it (rel noopener noreferrer).
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index ?? 0;
    const address = match[0].replace(TRAILING, '');
    const href = safeHref(address);
    if (!href) continue;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <Link key={start} href={href} target="_blank" rel="noopener noreferrer">
        {address}
      </Link>,
    );
    last = start + address.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
