import { useState } from 'react';
import { cssColour, readableTextOn } from '../colour';
import styles from './PhotoBadge.module.css';

type PhotoBadgeProps = {
  /** The photo; null (or a photo that fails to load) shows the badge instead. */
  src: string | null | undefined;
  /** Describes the person or team either way. */
  alt: string;
  /** What the badge shows: initials ("MV") or a car number ("1"). */
  fallback: string;
  /** Team colour of the badge, "#3671C6" or "3671C6". */
  colour: string;
  size?: number;
  shape?: 'circle' | 'rounded';
};

/** A photo that never shows as a broken image: missing or failing, it becomes a badge in team colour. */
export function PhotoBadge({ src, alt, fallback, colour, size = 48, shape = 'circle' }: PhotoBadgeProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const dimensions = { width: size, height: size };

  if (src && src !== failedSrc) {
    return (
      <img
        className={styles.photo}
        data-shape={shape}
        src={src}
        alt={alt}
        style={dimensions}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
      />
    );
  }
  const background = cssColour(colour);
  return (
    <span
      role="img"
      aria-label={alt}
      className={styles.badge}
      data-shape={shape}
      style={{ ...dimensions, background, color: readableTextOn(background), fontSize: size * 0.38 }}
    >
      <span aria-hidden="true">{fallback}</span>
    </span>
  );
}
