import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { networkResourceResource } from './network-resource.resource.ts';

/** /external-links: the network resources the portal's /search/networkresource lists, by category. */
export default function ExternalLinksScreen() {
  return (
    <CrudScreen
      config={{
        resource: networkResourceResource,
        columns: ['Name', 'EnName', 'Category', 'Url', 'Description', 'Sort'],
        filters: ['Category', 'SearchKey'],
        form: { fields: ['Name', 'EnName', 'Category', 'Url', 'Description', 'Sort'] },
        defaultEntry: { Category: 'ebook', Sort: 0 },
      }}
    />
  );
}
