/**
 * The byte budgets of this process's caches, in one place: together (about 200 MB) they stay well under the V8 heap
 * the server runs with (--max-old-space-size=512, docs/decisions/006-memory-flags.md). docs/performance.md adds
 * them up. The first four are defaults of settings (docs/configuration.md); the others are fixed.
 */
export const MB = 1024 * 1024;

/** The answer cache, in process when there is no Redis (ANSWER_CACHE_MB). */
export const DEFAULT_ANSWER_CACHE_BYTES = 48 * MB;
/** Replays prepared from F1's archive (REPLAY_CACHE_MB). */
export const DEFAULT_REPLAY_CACHE_BYTES = 32 * MB;
/** The last good public answers, given while the database is away (LAST_GOOD_MB). */
export const DEFAULT_LAST_GOOD_BYTES = 32 * MB;
/** What the archive files of one replay may weigh in all (LIVETIMING_MAX_REPLAY_MB): a download, not a cache. */
export const DEFAULT_REPLAY_MAX_BYTES = 16 * MB;

/** The ETags and compressed bytes of public answers (prepared.ts). */
export const PREPARED_BYTES = 32 * MB;
/** The micro-cache in front of Fastify (micro-cache.ts). */
export const MICRO_CACHE_BYTES = 16 * MB;
/** Parsed values of cached answers the server itself reuses (answers.ts). */
export const DECODED_BYTES = 16 * MB;
/** Reads kept for a moment (kept.ts), per set of reads unless it says otherwise. */
export const KEPT_READS_BYTES = 2 * MB;
