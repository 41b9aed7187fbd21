/**
 * The geometry of an F1DB circuit drawing, read from its SVG text: the path of the track (the outline variants
 * draw the same path twice) and the coordinate box. Only these two attributes are taken from the file.
 */
export type LapPath = { d: string; viewBox: string };

export function readLapPath(svgText: string): LapPath | null {
  const document = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const svg = document.documentElement;
  if (svg.nodeName !== 'svg') return null;
  const d = svg.querySelector('path')?.getAttribute('d');
  const viewBox = svg.getAttribute('viewBox') ?? `0 0 ${svg.getAttribute('width')} ${svg.getAttribute('height')}`;
  if (!d || !/^[\d.\s-]+$/.test(viewBox) || viewBox.trim().split(/\s+/).length !== 4) return null;
  return { d, viewBox };
}

type Point = { x: number; y: number };

/** A path as the lap animation reads it: an SVGPathElement, or a stand-in in tests. */
export type MeasuredPath = { getTotalLength(): number; getPointAtLength(length: number): Point };

const SAMPLES = 200;

/**
 * Whether the path is drawn clockwise on screen (y grows downwards), by the sign of the area it encloses.
 * F1DB draws some layouts against their racing direction, so the animation checks before it runs.
 */
export function isDrawnClockwise(path: MeasuredPath): boolean {
  const length = path.getTotalLength();
  let area = 0;
  let previous = path.getPointAtLength(0);
  for (let i = 1; i <= SAMPLES; i++) {
    const point = path.getPointAtLength((length * i) / SAMPLES);
    area += previous.x * point.y - point.x * previous.y;
    previous = point;
  }
  return area > 0;
}

/** Where the marker is after this share (0 to 1) of a lap driven in the circuit's direction. */
export function pointOnLap(path: MeasuredPath, share: number, reversed: boolean): Point {
  const length = path.getTotalLength();
  const { x, y } = path.getPointAtLength(length * (reversed ? 1 - share : share));
  return { x, y };
}
