/** What other features may use of the standings feature. */
export { StandingsSnapshot } from './StandingsSnapshot';
