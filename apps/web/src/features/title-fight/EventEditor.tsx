import type { TitleDriverEntry, TitleEvent, WhatIfPick } from '@slipstream/contract';
import { useId } from 'react';
import { formatDate } from '../../lib/time';
import { moveDriver, placeDriver, withOrder, type Picks } from './whatIf';
import styles from './TitleFightPage.module.css';

type EventEditorProps = {
  event: TitleEvent;
  pick: WhatIfPick | undefined;
  drivers: TitleDriverEntry[];
  /** How many places score: the slots offered. */
  scoringPlaces: number;
  /** Whether a fastest-lap point is to be given. */
  fastestLap: boolean;
  open: boolean;
  picks: Picks;
  onChange: (picks: Picks) => void;
};

/** One race or sprint still to run (or run, with its results not in yet): its finishing order picked place by place, each driver movable up and down. */
export function EventEditor({ event, pick, drivers, scoringPlaces, fastestLap, open, picks, onChange }: EventEditorProps) {
  const id = useId();
  const order = pick?.codes ?? [];
  const lap = pick?.fastestLap ?? null;
  const nameOf = (code: string) => drivers.find((d) => d.code === code)?.name ?? code;
  const set = (codes: string[], fastest: string | null = lap) => onChange(withOrder(picks, event, codes, fastest));
  const title = `Round ${event.round} · ${event.name} · ${event.kind === 'SPRINT' ? 'Sprint' : 'Race'}`;
  const places = order.length < scoringPlaces ? [...order, null] : order;

  return (
    <details className={styles.event} open={open || undefined}>
      <summary>
        <span className={styles.eventTitle}>{title}</span>
        {event.double && <span className={styles.double}>Double points</span>}
        <span className={styles.eventSummary}>
          {formatDate(event.date)}
          {event.awaitingResults && ' · results not in yet'} ·{' '}
          {order.length > 0 ? order.slice(0, 3).join(', ') + (order.length > 3 ? '…' : '') : 'no results set'}
        </span>
      </summary>
      <ol className={styles.places} aria-label={`Finishing order, ${title}`}>
        {places.map((code, place) => (
          // Keyed by place, so a select keeps the focus while its choice goes through the address.
          <li key={place} className={styles.place}>
            <label htmlFor={`${id}-p${place}`} className={styles.placeLabel}>
              P{place + 1}
            </label>
            <select
              id={`${id}-p${place}`}
              value={code ?? ''}
              onChange={(e) => {
                const chosen = e.target.value;
                set(chosen ? placeDriver(order, chosen, Math.min(place, order.length)) : order.filter((c) => c !== code));
              }}
            >
              <option value="">{code ? 'Remove' : 'Choose a driver'}</option>
              {drivers.map((d) => (
                <option key={d.code} value={d.code}>
                  {d.name}
                  {order.includes(d.code) && d.code !== code ? ` (now P${order.indexOf(d.code) + 1})` : ''}
                </option>
              ))}
            </select>
            {code && (
              <span className={styles.moves}>
                <button type="button" aria-label={`Move ${nameOf(code)} up`} disabled={place === 0} onClick={() => set(moveDriver(order, place, -1))}>
                  ↑
                </button>
                <button type="button" aria-label={`Move ${nameOf(code)} down`} disabled={place === order.length - 1} onClick={() => set(moveDriver(order, place, 1))}>
                  ↓
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {fastestLap && (
        <div className={styles.lap}>
          <label htmlFor={`${id}-fl`} className={styles.placeLabel}>
            Fastest lap (1 point in the top ten)
          </label>
          <select id={`${id}-fl`} value={lap ?? ''} onChange={(e) => set(order, e.target.value || null)} disabled={order.length === 0}>
            <option value="">No point given</option>
            {order.slice(0, 10).map((code) => (
              <option key={code} value={code}>
                {nameOf(code)}
              </option>
            ))}
          </select>
        </div>
      )}
    </details>
  );
}
