import { useParams } from 'react-router';
import { Page } from '../../lib/ui/Page';

const ABOUT = 'The race weekend’s sessions in your local time, its circuit and its results.';

/** "british-grand-prix" → "British Grand Prix", until the meeting's own name is loaded. */
function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toLocaleUpperCase() + word.slice(1))
    .join(' ');
}

function MeetingPage() {
  const { an = '', meeting_name: meetingName = '' } = useParams();
  const title = `${nameFromSlug(meetingName)} ${an}`;
  return <Page title={title} description={ABOUT} lead={ABOUT} />;
}

export { MeetingPage as Component };
