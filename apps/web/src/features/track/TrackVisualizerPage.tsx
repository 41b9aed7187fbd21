import { Page } from '../../lib/ui/Page';

const ABOUT = 'The layout of every circuit on the calendar, corner by corner.';

function TrackVisualizerPage() {
  return <Page title="Track visualiser" description={ABOUT} lead={ABOUT} />;
}

export { TrackVisualizerPage as Component };
