import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state of a menu (navbar dropdowns, the burger menu). It closes on a pointer press
 * outside `container`, on Escape (focus returns to the trigger button), and on any navigation: the open
 * state belongs to the location it was opened at, so choosing a link (or going back) closes it.
 * `triggerProps` go on the button; `controlsId` is the id of what it opens.
 *
 * On a page the server rendered, the menu answers before the app has taken the page over (public/boot.js, through
 * the button's data-menu): a menu open when the app arrives stays open.
 */
export function useDisclosure(container: RefObject<HTMLElement | null>) {
  const trigger = useRef<HTMLButtonElement>(null);
  const controlsId = useId();
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;

  const close = useCallback(() => setOpenAt(null), []);
  const openedAt = useRef(location.key);
  useEffect(() => {
    if (trigger.current?.getAttribute('aria-expanded') === 'true') setOpenAt(openedAt.current);
  }, []);
  const toggle = useCallback(() => setOpenAt((current) => (current === location.key ? null : location.key)), [location.key]);
  const show = useCallback(() => setOpenAt(location.key), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, container]);

  const triggerProps = { ref: trigger, type: 'button', 'aria-expanded': open, 'aria-controls': controlsId, 'data-menu': '', onClick: toggle } as const;
  return { open, show, close, controlsId, triggerProps };
}
