/** F1DB's codes in words. */

const DIRECTIONS: Record<string, string> = { CLOCKWISE: 'Clockwise', ANTI_CLOCKWISE: 'Anti-clockwise' };
const TYPES: Record<string, string> = { RACE: 'Race circuit', ROAD: 'Road course', STREET: 'Street circuit' };

export const directionLabel = (direction: string) => DIRECTIONS[direction] ?? direction;
export const circuitTypeLabel = (type: string) => TYPES[type] ?? type;

/** "5.891 km", as F1DB gives it (to the metre). */
export const kilometres = (km: number) => `${km.toFixed(3)} km`;
