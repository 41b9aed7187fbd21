import { useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDownIcon } from '../../lib/ui/icons';
import { MenuEntry } from './MenuEntry';
import type { MenuItem } from './menuItems';
import { useDisclosure } from './useDisclosure';
import styles from './NavDropdown.module.css';

type NavDropdownProps = {
  label: ReactNode;
  /** Names the button when the label is not plain text (the profile badge). */
  ariaLabel?: string;
  items: MenuItem[];
  align?: 'start' | 'end';
};

/**
 * A navbar dropdown in the disclosure pattern: the label is a button (aria-expanded,
 * aria-controls) showing a list of links. Click toggles; a click elsewhere, Escape, choosing an
 * entry or leaving it with Tab closes; arrow keys, Home and End move between the entries.
 */
export function NavDropdown({ label, ariaLabel, items, align = 'start' }: NavDropdownProps) {
  const container = useRef<HTMLDivElement>(null);
  const { open, show, close, controlsId, triggerProps } = useDisclosure(container);

  const entries = () => [...(container.current?.querySelectorAll<HTMLElement>('[data-menu-entry]') ?? [])];

  const focusEntry = (pick: (list: HTMLElement[], index: number) => HTMLElement | undefined) => {
    const list = entries();
    const index = list.indexOf(document.activeElement as HTMLElement);
    pick(list, index)?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    show();
    // The list renders visible on the next frame; focus its first entry then.
    requestAnimationFrame(() => entries()[0]?.focus());
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, (list: HTMLElement[], index: number) => HTMLElement | undefined> = {
      ArrowDown: (list, index) => list[(index + 1) % list.length],
      ArrowUp: (list, index) => list[(index - 1 + list.length) % list.length],
      Home: (list) => list[0],
      End: (list) => list.at(-1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusEntry(move);
  };

  const onBlur = (event: FocusEvent) => {
    if (open && !container.current?.contains(event.relatedTarget as Node | null)) close();
  };

  return (
    <div ref={container} className={styles.dropdown} onBlur={onBlur}>
      <button {...triggerProps} className={styles.trigger} aria-label={ariaLabel} onKeyDown={onButtonKeyDown}>
        {label}
        <ChevronDownIcon size={18} className={styles.chevron} />
      </button>
      <ul id={controlsId} className={styles.list} data-align={align} hidden={!open} onKeyDown={onListKeyDown}>
        {items.map((item) => (
          <li key={item.label}>
            <MenuEntry item={item} className={styles.entry} onChosen={close} data-menu-entry />
          </li>
        ))}
      </ul>
    </div>
  );
}
