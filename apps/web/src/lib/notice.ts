import { useEffect, useState } from 'react';

/** A sentence left for the next page to say once, such as after a step that ends on another page. */
let pending: string | null = null;

export function leaveNotice(text: string): void {
  pending = text;
}

/** The notice left for this page, read once: it stays while the page is open and is gone for the next one. */
export function useLeftNotice(): string | null {
  const [notice] = useState(() => pending);
  useEffect(() => {
    if (notice !== null && pending === notice) pending = null;
  }, [notice]);
  return notice;
}
