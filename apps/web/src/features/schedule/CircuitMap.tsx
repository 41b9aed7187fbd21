import { useState } from 'react';
import type { CircuitSummary } from '@slipstream/contract';
import { apiUrl } from '../../lib/api';
import { useDarkMode } from '../../lib/theme';
import styles from './CircuitMap.module.css';

/**
 * The circuit's drawing in the page's contrast colour (white lines on dark, black on light);
 * the circuit's name in its place if the drawing cannot load.
 */
export function CircuitMap({ circuit, className }: { circuit: CircuitSummary; className?: string }) {
  const [dark] = useDarkMode();
  const src = apiUrl('circuitDrawing', { layoutId: circuit.layoutId }, { variant: dark ? 'white' : 'black' });
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')}>
      {failedSrc === src ? (
        <span className={styles.fallback}>{circuit.fullName}</span>
      ) : (
        <img
          className={styles.map}
          src={src}
          alt={`Map of ${circuit.fullName}`}
          width={500}
          height={500}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      )}
    </div>
  );
}
