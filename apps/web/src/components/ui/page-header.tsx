import type { PortalPath } from '../../lib/portal-routes';
import { PageTitle } from './page-title';

/**
 * The line under a screen's title. Kept with the titles, not in the screens, because the layout shows
 * the title and this line while a screen's code is still on its way.
 */
const DESCRIPTIONS: Partial<Record<PortalPath, string>> = {
  '/': "Your PIN, this period's credits and the latest news for your account.",
  '/lines':
    'Call the enQ number of the line you need and enter your PIN when asked: enQ connects you to the agency, or waits in its queue for you.',
  '/pdf': 'Your PIN, a printable guide with every enQ number, and contact cards for your phone.',
  '/call-rates': 'Credits per minute by destination and time of day (EST).',
  '/call-history':
    'Every call your users made, with its billed duration, rate and credits. Times are New York time.',
  '/subscription': "Your plan, this period's credits, and the plans you can move to.",
};

/** A screen's title and, where it has one, the line that says what the screen is for. */
export function PageHeader({ path }: { path: PortalPath }) {
  const description = DESCRIPTIONS[path];
  if (!description) return <PageTitle path={path} />;
  return (
    <div>
      <PageTitle path={path} />
      <p className="mt-1 text-sm text-slate-600">{description}</p>
    </div>
  );
}
