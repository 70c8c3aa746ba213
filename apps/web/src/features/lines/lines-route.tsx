import { LinesPage } from './lines-page';

export function Component() {
  return <LinesPage />;
}
