import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost';

function classes(variant: Variant, className?: string): string {
  return [styles.button, styles[variant], className].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: Variant }) {
  return <button type={type} className={classes(variant, className)} {...props} />;
}

/** A link to one of our pages that looks like a button. */
export function ButtonLink({ variant = 'primary', className, ...props }: LinkProps & { variant?: Variant }) {
  return <Link className={classes(variant, className)} {...props} />;
}

/** A plain link (a file, another scheme, another site) that looks like a button. */
export function ButtonAnchor({ variant = 'primary', className, ...props }: ComponentProps<'a'> & { variant?: Variant }) {
  return <a className={classes(variant, className)} {...props} />;
}
