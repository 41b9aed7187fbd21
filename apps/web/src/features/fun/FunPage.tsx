import { Page } from '../../lib/ui/Page';

const ABOUT = 'Odd records and curious numbers from more than seventy years of Formula 1.';

function FunPage() {
  return <Page title="Fun" description={ABOUT} lead={ABOUT} />;
}

export { FunPage as Component };
