/** What other features may use of the vote: the home page's preview and the profile's list of own votes. */
export { FansChoicePreview } from './FansChoicePreview';
export { MyVotes } from './MyVotes';
