import { enteredTimeToUtc, wallTime, type SessionTimeInput, type SessionTimeZoneChoice } from '@slipstream/contract';
import { useId } from 'react';
import { DayInput, TimeInput } from '../../../lib/ui/TypedInput';
import styles from './SeasonEvents.module.css';

type SessionTimeFieldsProps = {
  value: SessionTimeInput;
  onChange: (value: SessionTimeInput) => void;
  /** The circuit's IANA zone, e.g. "Europe/London". */
  timeZone: string;
};

/** The values for a form that edits an instant, read at the circuit. */
export function initialTime(startsAtUtc: string | null, date: string, timeZone: string): SessionTimeInput {
  if (!startsAtUtc) return { date, time: '12:00', zone: 'circuit' };
  return { ...wallTime(new Date(startsAtUtc), timeZone), zone: 'circuit' };
}

/**
 * Date, time and where they are read (at the circuit or in UTC), with the same instant in the other zone as a
 * preview, so the admin sees what will be stored before saving.
 */
export function SessionTimeFields({ value, onChange, timeZone }: SessionTimeFieldsProps) {
  const id = useId();
  const setZone = (zone: SessionTimeZoneChoice) => {
    // Switching the zone keeps the instant: the fields show it on the other clock.
    const instant = enteredTimeToUtc(value, timeZone);
    onChange(instant ? { ...wallTime(instant, zone === 'utc' ? 'UTC' : timeZone), zone } : { ...value, zone });
  };
  return (
    <div className={styles.timeFields}>
      <fieldset className={styles.zone}>
        <legend>Entered in</legend>
        <label>
          <input type="radio" name={`${id}-zone`} checked={value.zone === 'circuit'} onChange={() => setZone('circuit')} /> Circuit time (
          {timeZone})
        </label>
        <label>
          <input type="radio" name={`${id}-zone`} checked={value.zone === 'utc'} onChange={() => setZone('utc')} /> UTC
        </label>
      </fieldset>
      <div className={styles.row}>
        <label className={styles.field}>
          Date
          <DayInput required value={value.date} onChange={(date) => onChange({ ...value, date })} />
        </label>
        <label className={styles.field}>
          Time
          <TimeInput required value={value.time} onChange={(time) => onChange({ ...value, time })} />
        </label>
      </div>
      <p className={styles.preview} aria-live="polite">
        {preview(value, timeZone)}
      </p>
    </div>
  );
}

function preview(value: SessionTimeInput, timeZone: string): string {
  if (!value.date || !value.time) return 'Enter a date and a time.';
  const instant = enteredTimeToUtc(value, timeZone);
  if (!instant) return `${value.date} ${value.time} does not exist in ${timeZone} (the clocks change).`;
  const other = wallTime(instant, value.zone === 'utc' ? timeZone : 'UTC');
  return value.zone === 'utc'
    ? `At the circuit: ${other.date} ${other.time} (${timeZone})`
    : `In UTC: ${other.date} ${other.time} (stored)`;
}
