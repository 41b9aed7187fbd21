import { useParams } from 'react-router';
import { Page } from '../../lib/ui/Page';

const ABOUT = 'The classification of every Grand Prix of the season with points, status and fastest laps, newest round first.';

function RaceResultsPage() {
  const { an } = useParams();
  return <Page title={an ? `Race results ${an}` : 'Race results'} description={ABOUT} lead={ABOUT} />;
}

export { RaceResultsPage as Component };
