import { useParams } from 'react-router';
import { Page } from '../../lib/ui/Page';

const ABOUT = 'The driver’s season race by race, the points after every round and the career in numbers.';

function DriverPage() {
  const { id = '' } = useParams();
  return <Page title={`Driver ${id.toUpperCase()}`} description={ABOUT} lead={ABOUT} />;
}

export { DriverPage as Component };
