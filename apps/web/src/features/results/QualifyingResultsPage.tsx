import { useParams } from 'react-router';
import { Page } from '../../lib/ui/Page';

const ABOUT = 'Q1, Q2 and Q3 times of every qualifying session of the season, newest round first.';

function QualifyingResultsPage() {
  const { an } = useParams();
  return <Page title={an ? `Qualifying results ${an}` : 'Qualifying results'} description={ABOUT} lead={ABOUT} />;
}

export { QualifyingResultsPage as Component };
