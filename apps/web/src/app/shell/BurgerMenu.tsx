import { useEffect, useId, useRef, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../lib/paths';
import { CloseIcon, MenuIcon } from '../../lib/ui/icons';
import { useAuth } from '../../lib/auth';
import { useProfileMenuItems } from './AccountNav';
import { MenuEntry } from './MenuEntry';
import type { MenuItem } from './menuItems';
import type { MenuEntries } from './useMenuEntries';
import { useDisclosure } from './useDisclosure';
import styles from './BurgerMenu.module.css';

/**
 * The navbar below the lg breakpoint: one button opening a panel with the same entries as the
 * desktop bar, the groups spelled out (Game and History among "More"), plus the account links.
 */
export function BurgerMenu({ entries }: { entries: MenuEntries }) {
  const container = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);
  const { open, close, controlsId, triggerProps } = useDisclosure(container);
  const auth = useAuth();
  const profileItems = useProfileMenuItems();

  // Keyboard users land on the first entry. (The page behind stops scrolling through CSS, which
  // also lets it scroll again if the window grows past the burger range with the menu open.)
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  const link = (item: MenuItem) => (
    <li key={item.label}>
      <MenuEntry item={item} className={styles.entry} onChosen={close} />
    </li>
  );

  return (
    <div ref={container} className={styles.burger}>
      <button {...triggerProps} className={styles.toggle} aria-label={open ? 'Close menu' : 'Open menu'}>
        {open ? <CloseIcon size={26} /> : <MenuIcon size={26} />}
      </button>
      {open && <div className={styles.backdrop} aria-hidden="true" onClick={close} />}
      <nav ref={panel} id={controlsId} aria-label="Main" className={styles.panel} hidden={!open}>
        <ul className={styles.list}>
          {link({ label: 'Schedule', to: paths.schedule })}
          {entries.meeting && link(entries.meeting)}
        </ul>
        <MenuGroup title="Standings" items={entries.standings} renderItem={link} />
        <MenuGroup title="Results" items={entries.results} renderItem={link} />
        <MenuGroup title="More" items={entries.more} renderItem={link} />
        {auth.status === 'signedIn' ? (
          <MenuGroup title="Account" items={profileItems} renderItem={link} />
        ) : (
          <div className={styles.account}>
            <NavLink to={paths.login} className={styles.accountLink} onClick={close}>
              Log In
            </NavLink>
            <NavLink to={paths.signup} className={`${styles.accountLink} ${styles.signup}`} onClick={close}>
              Sign Up
            </NavLink>
          </div>
        )}
      </nav>
    </div>
  );
}

function MenuGroup({ title, items, renderItem }: { title: string; items: MenuItem[]; renderItem: (item: MenuItem) => ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.group} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.groupTitle}>
        {title}
      </h2>
      <ul className={styles.list}>{items.map(renderItem)}</ul>
    </section>
  );
}
