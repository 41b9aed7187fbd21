/**
 * F1 live timing sends each topic as a first message with the whole state, then deltas. The same merge serves the
 * server (the feed, the archive's `.jsonStream` files) and the browser (replays, the tower's deltas).
 */

type JsonObject = { [key: string]: unknown };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const INDEX = /^(0|[1-9]\d*)$/;

/**
 * The state after one delta, without changing `state` (only the branches the delta touches are copied).
 * Objects merge key by key; anything else replaces what was there. A list arrives whole as an array and is then
 * changed by objects keyed by index ({"1": {...}}). `_deleted: [keys]` in a delta removes those keys.
 */
export function applyDelta(state: unknown, delta: unknown): unknown {
  if (!isObject(delta)) return delta;
  const deleted = Array.isArray(delta._deleted) ? delta._deleted.map(String) : [];
  const entries = Object.entries(delta).filter(([key]) => key !== '_deleted');
  if (Array.isArray(state) && entries.every(([key]) => INDEX.test(key))) {
    const list = [...state];
    for (const key of deleted) if (INDEX.test(key)) list[Number(key)] = undefined;
    for (const [key, value] of entries) list[Number(key)] = applyDelta(list[Number(key)], value);
    return list;
  }
  const merged: JsonObject = Array.isArray(state) ? { ...state } : isObject(state) ? { ...state } : {};
  for (const key of deleted) delete merged[key];
  for (const [key, value] of entries) merged[key] = applyDelta(merged[key], value);
  return merged;
}

/**
 * The delta that `applyDelta(before, delta)` turns into `after` (undefined when they are equal). Objects are
 * compared key by key, removed keys go to `_deleted`; arrays and other values are sent whole when they differ.
 * An object that was not an object before is sent whole too.
 */
export function diffState(before: unknown, after: unknown): unknown {
  if (isObject(before) && isObject(after)) {
    const delta: JsonObject = {};
    const deleted = Object.keys(before).filter((key) => !(key in after) || after[key] === undefined);
    for (const [key, value] of Object.entries(after)) {
      if (value === undefined) continue;
      const change = diffState(before[key], value);
      if (change !== undefined) delta[key] = change;
    }
    if (deleted.length > 0) delta._deleted = deleted;
    return Object.keys(delta).length > 0 ? delta : undefined;
  }
  return sameJson(before, after) ? undefined : after;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
  }
  return false;
}
