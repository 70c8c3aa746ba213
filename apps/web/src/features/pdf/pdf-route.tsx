import { PageTitle } from '../../components/ui/page-title';

export function Component() {
  return <PageTitle path="/pdf" />;
}
