import { Page } from '../../lib/ui/Page';

const ABOUT = 'Test your reactions against the five red lights of a Formula 1 race start.';

function ReactionGamePage() {
  return <Page title="Reaction game" description={ABOUT} lead={ABOUT} />;
}

export { ReactionGamePage as Component };
