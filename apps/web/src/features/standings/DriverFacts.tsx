import type { DriverDetail } from '@slipstream/contract';
import type { ReactNode } from 'react';
import { useClock, useClockReady } from '../../lib/clock';
import { cssColour } from '../../lib/colour';
import { formatDate } from '../../lib/time';
import { ageOn } from './age';
import { Flag } from './Flag';
import styles from './DriverFacts.module.css';

/** Who the driver is: name, nationality, number, age, birthplace, team and its colour. */
export function DriverFacts({ driver }: { driver: DriverDetail }) {
  return (
    <dl className={styles.facts}>
      <Fact label="Full name">{driver.fullName}</Fact>
      <Fact label="Nationality">
        <span className={styles.withMark}>
          <Flag src={driver.steag} alt="" />
          {driver.nationality}
          {driver.nationality !== driver.nationalityCountryName && (
            <span className={styles.muted}> ({driver.nationalityCountryName})</span>
          )}
        </span>
      </Fact>
      {driver.number !== null && <Fact label="Number">{driver.number}</Fact>}
      {driver.dateOfBirth !== null && (
        <Fact label="Age">
          <Age dateOfBirth={driver.dateOfBirth} />
        </Fact>
      )}
      {driver.placeOfBirth !== null && <Fact label="Place of birth">{driver.placeOfBirth}</Fact>}
      <Fact label="Team">
        <span className={styles.withMark}>
          <span className={styles.swatch} style={{ background: cssColour(driver.culoare) }} aria-hidden="true" />
          {driver.echipa ?? 'No team'}
        </span>
      </Fact>
      {driver.links && driver.links.length > 0 && (
        <Fact label="Links">
          <span className={styles.links}>
            {driver.links.map((link) => (
              <a key={link.label} href={link.url} target="_blank" rel="noopener noreferrer">
                {link.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ))}
          </span>
        </Fact>
      )}
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** By the server's clock (pinned in demos and tests), so the age agrees with the rest of the site. */
function Age({ dateOfBirth }: { dateOfBirth: string }) {
  const clock = useClock();
  useClockReady();
  return (
    <>
      {ageOn(dateOfBirth, new Date(clock.now()))}{' '}
      <span className={styles.muted}>
        (born <time dateTime={dateOfBirth}>{formatDate(dateOfBirth)}</time>)
      </span>
    </>
  );
}
