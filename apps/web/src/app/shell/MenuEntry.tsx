import { NavLink } from 'react-router';
import type { MenuItem } from './menuItems';

type MenuEntryProps = {
  item: MenuItem;
  /** The menu's own look, composing MenuEntry.module.css. */
  className: string | undefined;
  /** Called first when the entry is chosen: the menu closes. */
  onChosen: () => void;
  /** Marks the entries the dropdown's arrow keys move between. */
  'data-menu-entry'?: true;
};

/** A menu's entry: a link to its page, or a button running its action. */
export function MenuEntry({ item, className, onChosen, ...marker }: MenuEntryProps) {
  if ('to' in item) {
    return (
      <NavLink to={item.to} className={className} {...marker} onClick={onChosen}>
        {item.label}
      </NavLink>
    );
  }
  return (
    <button
      type="button"
      className={className}
      {...marker}
      onClick={() => {
        onChosen();
        item.onSelect();
      }}
    >
      {item.label}
    </button>
  );
}
