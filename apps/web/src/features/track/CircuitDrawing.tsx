import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TrackCircuit } from '@slipstream/contract';
import { apiUrl } from '../../lib/api';
import { useDarkMode } from '../../lib/theme';
import { Button } from '../../lib/ui/Button';
import { lapPathQuery } from './queries';
import { LAP_STEPS, STEP_MS, useLapAnimation } from './useLapAnimation';
import styles from './CircuitDrawing.module.css';

type CircuitDrawingProps = { circuit: TrackCircuit; season: number };

/**
 * The F1DB drawing of the layout (black strokes in the light theme, white in the dark one) and, on request,
 * a marker driving one lap along it. Mount one per layout (key it): a new layout starts without a marker.
 */
export function CircuitDrawing({ circuit, season }: CircuitDrawingProps) {
  const [dark] = useDarkMode();
  const variant = dark ? 'white' : 'black';
  const lapPath = useQuery(lapPathQuery(circuit.layoutId, variant));
  const [path, setPath] = useState<SVGPathElement | null>(null);
  const [drawingFailed, setDrawingFailed] = useState(false);
  const lap = useLapAnimation(path, circuit.facts.direction !== 'ANTI_CLOCKWISE');

  return (
    <figure className={styles.figure}>
      <div className={styles.canvas}>
        {drawingFailed ? (
          <p className={styles.missing}>The drawing of this layout could not be loaded.</p>
        ) : (
          <img
            className={styles.drawing}
            src={apiUrl('circuitDrawing', { layoutId: circuit.layoutId }, { variant })}
            alt={`Layout of ${circuit.fullName} as raced in ${season}`}
            width={500}
            height={500}
            onError={() => setDrawingFailed(true)}
          />
        )}
        {lapPath.data && !drawingFailed && (
          <svg className={styles.overlay} viewBox={lapPath.data.viewBox} aria-hidden="true" focusable="false">
            <path ref={setPath} d={lapPath.data.d} fill="none" stroke="none" />
            {lap.marker && <circle data-testid="lap-marker" className={styles.marker} cx={lap.marker.x} cy={lap.marker.y} r={15} />}
          </svg>
        )}
      </div>
      <figcaption className={styles.controls}>
        {lapPath.data && !drawingFailed && (
          <Button variant="secondary" onClick={lap.running ? lap.stop : lap.start} disabled={!path}>
            {lap.running ? 'Stop' : 'Animate lap'}
          </Button>
        )}
        {lap.stepped && (
          <p className={styles.note}>
            Reduced motion is on: the marker jumps round the lap in {LAP_STEPS} steps, one every {STEP_MS / 1000} s, instead of gliding.
          </p>
        )}
        <p className="visually-hidden" aria-live="polite">
          {lap.running ? 'The marker is driving a lap.' : lap.marker ? 'Lap complete.' : ''}
        </p>
      </figcaption>
    </figure>
  );
}
