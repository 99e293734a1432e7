import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { locationResource } from './location.resource.ts';

/** /resource-mana/basic-set/location: collection areas per branch. */
export default function LocationScreen() {
  return (
    <>
      <CrudScreen
        config={{
          resource: locationResource,
          columns: ['Code', 'Name', 'EnName', 'BranchName', 'StorageArea', 'Circulating', 'CopyCount', 'ShelfCount'],
          filters: ['BranchID', 'SearchKey'],
          form: { fields: ['BranchID', 'Code', 'Name', 'EnName', 'StorageArea', 'Circulating', 'Sort'] },
          defaultEntry: { StorageArea: 2, Circulating: true, Sort: 0 },
        }}
      />
    </>
  );
}
