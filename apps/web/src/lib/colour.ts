/**
 * Team colours arrive as "3671C6" or "#3671c6". These helpers make them usable as CSS colours and
 * pick the text colour (black or white) with the higher contrast on them.
 */
const HEX = /^#?([0-9a-f]{6})$/i;
const NEUTRAL = '#55555f';

export function cssColour(teamColour: string | null | undefined): string {
  const match = HEX.exec(teamColour?.trim() ?? '');
  return match ? `#${match[1]!.toLowerCase()}` : NEUTRAL;
}

export function readableTextOn(background: string): '#000000' | '#ffffff' {
  const luminance = relativeLuminance(cssColour(background));
  const contrastWithWhite = 1.05 / (luminance + 0.05);
  const contrastWithBlack = (luminance + 0.05) / 0.05;
  return contrastWithWhite >= contrastWithBlack ? '#ffffff' : '#000000';
}

/** WCAG 2 relative luminance of "#rrggbb". */
function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
