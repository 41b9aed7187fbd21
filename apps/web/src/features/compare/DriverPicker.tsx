import type { CompareDriverOption } from '@slipstream/contract';
import { useId, useState } from 'react';
import styles from './ComparePage.module.css';

type DriverPickerProps = {
  label: string;
  options: CompareDriverOption[];
  /** The chosen driver's id. */
  value: string | undefined;
  onChange: (id: string) => void;
};

/** "Max Verstappen (2015–2025)": what the search list shows and matches, unique enough to tell namesakes apart. */
function optionText(option: CompareDriverOption): string {
  return option.from === option.to ? `${option.name} (${option.from})` : `${option.name} (${option.from}–${option.to})`;
}

/** A search field over every driver: type a few letters, pick from the list; the choice applies once it matches one driver. */
export function DriverPicker({ label, options, value, onChange }: DriverPickerProps) {
  const id = useId();
  const chosen = options.find((o) => o.id === value);
  // What the visitor is typing; null once it names a driver, so the field shows the chosen one.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (chosen ? optionText(chosen) : '');

  const choose = (typed: string) => {
    const needle = typed.trim().toLowerCase();
    const match = options.find((o) => optionText(o).toLowerCase() === needle) ?? uniqueByName(options, needle);
    setDraft(match ? null : typed);
    if (match && match.id !== value) onChange(match.id);
  };

  return (
    <div className={styles.picker}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        type="search"
        list={`${id}-list`}
        value={text}
        placeholder="Search a driver"
        autoComplete="off"
        onChange={(event) => choose(event.target.value)}
      />
      <datalist id={`${id}-list`}>
        {options.map((o) => (
          <option key={o.id} value={optionText(o)} />
        ))}
      </datalist>
    </div>
  );
}

/** A typed full name that only one driver carries. */
function uniqueByName(options: CompareDriverOption[], needle: string): CompareDriverOption | undefined {
  const named = options.filter((o) => o.name.toLowerCase() === needle);
  return named.length === 1 ? named[0] : undefined;
}
