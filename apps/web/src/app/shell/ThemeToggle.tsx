import { useDarkMode } from '../../lib/theme';
import { MoonIcon, SunIcon } from '../../lib/ui/icons';
import styles from './ThemeToggle.module.css';

/** Dark mode on or off: a switch that puts the class on <html> and remembers the choice. */
export function ThemeToggle() {
  const [dark, setDark] = useDarkMode();
  return (
    <button type="button" role="switch" aria-checked={dark} className={styles.toggle} onClick={() => setDark(!dark)}>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb}>{dark ? <MoonIcon size={14} /> : <SunIcon size={14} />}</span>
      </span>
      Dark mode
    </button>
  );
}
