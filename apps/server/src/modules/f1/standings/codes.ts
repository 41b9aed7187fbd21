import { driverCode } from '@slipstream/contract';

/**
 * The route ids (/drivers/:code) of a season's drivers, unique within the season. A driver's code is the first
 * three letters of the surname (the rule of docs/product.md (Standings)). When several drivers of the season share those letters
 * (Michael and Ralf Schumacher: SCH), the best placed in the standings keeps them and each other one gets the
 * F1DB abbreviation (RSC); should that be taken too (Montoya and Monteiro: MON, MON), the letters followed by
 * the smallest free number from 2 (MON2). Drivers come best placed first, so the answer is stable.
 */
export function assignDriverCodes(
  driversBestPlacedFirst: { id: string; lastName: string; abbreviation: string }[],
): Map<string, string> {
  const codes = new Map<string, string>();
  const taken = new Set<string>();
  const losers: typeof driversBestPlacedFirst = [];
  for (const driver of driversBestPlacedFirst) {
    const natural = driverCode(driver.lastName);
    if (taken.has(natural)) {
      losers.push(driver);
    } else {
      codes.set(driver.id, natural);
      taken.add(natural);
    }
  }
  for (const driver of losers) {
    const abbreviation = driver.abbreviation.replace(/[^A-Za-z]/g, '').toUpperCase();
    let code = abbreviation;
    for (let n = 2; code === '' || taken.has(code); n++) code = `${driverCode(driver.lastName)}${n}`;
    codes.set(driver.id, code);
    taken.add(code);
  }
  return codes;
}
