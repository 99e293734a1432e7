import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { shelfAreaResource } from './shelf-area.resource.ts';

/** /bookshelf-area: shelf areas with shelf count and total shelf width (cm). */
export default function ShelfAreaScreen() {
  return (
    <>
      <CrudScreen
        config={{
          resource: shelfAreaResource,
          columns: ['Code', 'Name', 'EnName', 'AreaName', 'ShelfCount', 'TotalWidthCm'],
          filters: ['AreaID', 'SearchKey'],
          form: { fields: ['AreaID', 'Code', 'Name', 'EnName', 'Sort'] },
          defaultEntry: { Sort: 0 },
        }}
      />
    </>
  );
}
