import { useState } from 'react';
import styles from './CarPicture.module.css';

type CarPictureProps = {
  /** The car photo an admin set (masinaPoza); null, or a photo that fails to load, draws the car instead. */
  src: string | null;
  /** CSS colour of the drawn car's bodywork. */
  colour: string;
};

/** A team's car: its photo, else a side-on drawing in the team colour, never a broken image. Decorative. */
export function CarPicture({ src, colour }: CarPictureProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && src !== failedSrc) {
    return (
      <img
        className={styles.photo}
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return <CarDrawing colour={colour} />;
}

/** A modern F1 car from the side, nose to the left: bodywork in team colour, carbon wings and floor, tyres. */
function CarDrawing({ colour }: { colour: string }) {
  return (
    <svg className={styles.drawing} viewBox="0 10 240 48" aria-hidden="true" focusable="false">
      <g className={styles.carbon}>
        {/* floor, front wing with its endplate, rear wing with its endplate and pillar */}
        <path d="M54 50h150v4H54z" />
        <path d="M4 50h38v4H4zM4 44h4v10H4z" />
        <path d="M204 15h26v6h-26zM227 13h5v31h-5zM213 21h4v21h-4z" />
      </g>
      <path
        fill={colour}
        d="M8 49c18-4 42-10 70-13l22-3 7-3h21c2-6 5-10 10-11h6c24 1 48 7 68 15l2 9-14 4H62l-18-2H8z"
      />
      {/* the sidepod under the engine cover, in shadow */}
      <path className={styles.shade} d="M132 37c18-1 38 2 56 7l-1 4H128z" />
      <circle className={styles.helmet} cx="117" cy="26.5" r="5.5" />
      <path className={styles.halo} d="M100 31c6-8 18-9 28-3" />
      <g className={styles.tyre}>
        <circle cx="42" cy="43" r="13" />
        <circle cx="186" cy="42.5" r="14" />
      </g>
      <g className={styles.hub}>
        <circle cx="42" cy="43" r="4.5" />
        <circle cx="186" cy="42.5" r="5" />
      </g>
    </svg>
  );
}
