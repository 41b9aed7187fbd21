/** Live timing shared by the server and the browser: the feed's merge, the tower model and its derivation. */
export { applyDelta, diffState } from './merge';
export { deriveTower, type TopicStates } from './derive';
export * from './tower';
export * from './replay';
