import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PeopleSearchResponse } from '@slipstream/contract';
import { Button } from '../../../lib/ui/Button';
import { QueryState } from '../../../lib/ui/QueryState';
import { failureText } from '../adminText';
import { Skeleton } from '../../../lib/ui/Skeleton';
import styles from './OverrideEditor.module.css';

type EntityPickerProps = {
  /** "driver" or "team", for labels and the query key. */
  noun: string;
  search: (q: string) => Promise<PeopleSearchResponse>;
  selectedId: string | null;
  onSelect: (id: string) => void;
};

/** A search box and the matching drivers or teams (the most recent first), each a button that opens its editor. */
export function EntityPicker({ noun, search, selectedId, onSelect }: EntityPickerProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const results = useQuery({ queryKey: ['admin', noun, 'search', q], queryFn: () => search(q) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };
  return (
    <section className={styles.picker} aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className={styles.sectionHeading}>
        Choose a {noun}
      </h2>
      <form role="search" className={styles.searchRow} onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search {noun}s by name
        </label>
        <input
          id={inputId}
          type="search"
          className={styles.input}
          value={text}
          placeholder={`Search ${noun}s by name`}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <QueryState query={results} pending={<Skeleton lines={6} />} error={failureText}>
        {(found) =>
          found.length === 0 ? (
            <p className={styles.muted}>No {noun} matches “{q}”.</p>
          ) : (
            <ul className={styles.results} aria-label={`Matching ${noun}s`}>
              {found.map((entity) => (
                <li key={entity.id}>
                  <button
                    type="button"
                    className={styles.result}
                    aria-current={entity.id === selectedId ? 'true' : undefined}
                    onClick={() => onSelect(entity.id)}
                  >
                    <span className={styles.resultName}>{entity.name}</span>
                    <span className={styles.muted}>{entity.detail}</span>
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
