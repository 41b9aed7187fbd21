/** Whole years from a birth date ("1997-09-30") to `now`, by the UTC calendar. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const month0 = month - 1;
  const beforeBirthday = now.getUTCMonth() < month0 || (now.getUTCMonth() === month0 && now.getUTCDate() < day);
  return now.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}
