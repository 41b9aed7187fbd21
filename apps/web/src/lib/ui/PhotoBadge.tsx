import { useCallback, useState, type CSSProperties } from 'react';
import { cssColour, readableTextOn } from '../colour';
import styles from './PhotoBadge.module.css';

type PhotoBadgeProps = {
  /** The photo; null (or a photo that fails to load) shows the badge instead. */
  src: string | null | undefined;
  /** Describes the person or team either way; empty when the badge is decoration beside the name. */
  alt: string;
  /** What the badge shows: initials ("MV") or a car number ("1"). */
  fallback: string;
  /** Team colour of the badge, "#3671C6" or "3671C6". */
  colour: string;
  size?: number;
  shape?: 'circle' | 'rounded';
};

/**
 * A photo that never shows as a broken image: the badge (team colour, F1's racing stripes, the number) is always
 * there, size × size, and the photo is laid over it once it has loaded. A photo that is missing or fails (offline,
 * or F1's media server unreachable) leaves the badge showing, and nothing moves either way. The photo is loaded lazily and asked for without the page's address (no referrer).
 */
export function PhotoBadge({ src, alt, fallback, colour, size = 48, shape = 'circle' }: PhotoBadgeProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  // The photo shows once loaded, so a failing one never shows the browser's broken-image icon; a photo that loaded
  // (or failed) before the app took over a server-rendered page is found by looking once.
  const checkLoaded = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth > 0) setLoadedSrc(img.getAttribute('src'));
  }, []);
  const background = cssColour(colour);
  const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
  return (
    <span
      {...label}
      className={styles.badge}
      data-shape={shape}
      style={{ width: size, height: size, '--team': background, color: readableTextOn(background), fontSize: size * 0.38 } as CSSProperties}
    >
      <span aria-hidden="true">{fallback}</span>
      {src && src !== failedSrc && (
        <img
          ref={checkLoaded}
          className={styles.photo}
          data-loaded={src === loadedSrc || undefined}
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={() => setLoadedSrc(src)}
          onError={() => setFailedSrc(src)}
        />
      )}
    </span>
  );
}
