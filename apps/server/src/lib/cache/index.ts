// The server's caches, all following one data revision (revision.ts): the answer cache (in process or Redis), reads
// kept for a moment in process, the last good public answers for a database outage, the prepared bytes of public answers,
// and the micro-cache in front of Fastify.
export { memoryCache, remember, rememberJson, sharedCache, type Cache } from './answers';
export { keptReads, type KeptReads } from './kept';
export { MB } from './budgets';
export { byteLru } from './lru';
export { lastGoodAnswers, lastGoodPlugin } from './last-good';
export { microCache, microCachedServer, microCachePlugin,  type MicroCache } from './micro-cache';
export {  sendPrepared, sendPreparedJson } from './prepared';
export { dataRevision, type DataRevision } from './revision';
