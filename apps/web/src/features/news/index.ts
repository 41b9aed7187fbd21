/** What other features may use of the news feature. */
export { LatestNews } from './LatestNews';
