import { PageHeader } from '../shell/PageHeader.tsx';

/** Not built yet: the page's title and what it was opened for. */
export function TokensPage() {
  return <PageHeader title="TokensPage" />;
}
