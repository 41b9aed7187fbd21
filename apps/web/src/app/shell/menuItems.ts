/** An entry of a navbar menu: a link to one of our pages, or an action such as signing out. */
export type MenuItem = { label: string; to: string } | { label: string; onSelect: () => void };
