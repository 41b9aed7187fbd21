import type { DriverDetail } from '@slipstream/contract';
import { useClock, useClockReady } from '../../lib/clock';
import { cssColour } from '../../lib/colour';
import { formatDate } from '../../lib/time';
import { ageOn } from './age';
import { Fact } from '../../lib/ui/Fact';
import { Flag } from '../../lib/ui/Flag';
import styles from './DriverFacts.module.css';

/** Who the driver is: name, nationality, number, age, birthplace, team and its colour. */
export function DriverFacts({ driver }: { driver: DriverDetail }) {
  return (
    <dl className={styles.facts}>
      <Fact className={styles.fact} term="Full name">{driver.fullName}</Fact>
      <Fact className={styles.fact} term="Nationality">
        <span className={styles.withMark}>
          <Flag src={driver.steag} loading="lazy" />
          {driver.nationality}
          {driver.nationality !== driver.nationalityCountryName && (
            <span className={styles.muted}> ({driver.nationalityCountryName})</span>
          )}
        </span>
      </Fact>
      {driver.number !== null && <Fact className={styles.fact} term="Number">{driver.number}</Fact>}
      {driver.dateOfBirth !== null && (
        <Fact className={styles.fact} term="Age">
          <Age dateOfBirth={driver.dateOfBirth} />
        </Fact>
      )}
      {driver.placeOfBirth !== null && <Fact className={styles.fact} term="Place of birth">{driver.placeOfBirth}</Fact>}
      <Fact className={styles.fact} term="Team">
        <span className={styles.withMark}>
          <span className={styles.swatch} style={{ background: cssColour(driver.culoare) }} aria-hidden="true" />
          {driver.echipa ?? 'No team'}
        </span>
      </Fact>
      {driver.links && driver.links.length > 0 && (
        <Fact className={styles.fact} term="Links">
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
