/** What other features may use of the schedule feature. */
export { meetingQuery } from './queries';
export { finishedResults, type ResultGroup } from './results';
export { groupSessionsByDay, sessionLabel } from './sessions';
