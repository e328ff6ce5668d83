import { useEffect } from 'react';

/** Names the browser tab after the screen ("Kirjaudu sisään – Vahti"); screen readers read it. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} – Vahti` : 'Vahti';
  }, [title]);
}
