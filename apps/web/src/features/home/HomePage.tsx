import { Page } from '../../lib/ui/Page';

const ABOUT = 'The current or next race weekend with a live countdown to the next session, the fans’ vote, the latest news and the last race’s podiums.';

function HomePage() {
  return <Page heading="Formula 1, one lap ahead" description={ABOUT} lead={ABOUT} />;
}

export { HomePage as Component };
