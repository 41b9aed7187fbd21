import { databaseHttpError } from '../errors';

/**
 * The last answer made per key, given again while the database cannot be reached (or is too slow to answer), so pages already read keep
 * working through an outage (docs/deploy.md promises it for cached F1 answers); any other error still
 * throws. One per app (one database), at most maxKeys kept, the least recently made out first.
 */
export function lastGoodAnswers<T>(maxKeys = 256) {
  const kept = new Map<string, T>();
  return async (key: string, make: () => Promise<T>): Promise<T> => {
    try {
      const value = await make();
      kept.delete(key);
      kept.set(key, value);
      if (kept.size > maxKeys) kept.delete(kept.keys().next().value!);
      return value;
    } catch (error) {
      // The database is unreachable, or its statement ran over the timeout.
      if (databaseHttpError(error) && kept.has(key)) return kept.get(key)!;
      throw error;
    }
  };
}
