import Stack from '@mui/material/Stack';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { LookupTable } from '../../kit/lookup-table/lookup-table.tsx';
import { classResource, gradeResource } from './organization.resources.ts';

// The screen gate wraps every routed screen in its ScreenFrame (data-testid="screen-<path>").

/** /class: classes (filter by grade, add/edit/delete) above the grades of each learning stage. */
export default function ClassScreen() {
  return (
    <Stack spacing={4}>
      <CrudScreen
        config={{
          resource: classResource,
          columns: ['Name', 'EnName', 'Code', 'EntryYear', 'HeadTeacherName', 'MemberCount', 'State'],
          filters: ['SearchKey', 'GradeID'],
          form: { fields: ['ParentID', 'Name', 'EnName', 'Code', 'EntryYear', 'State'] },
          defaultEntry: { State: 1 },
        }}
      />
      <LookupTable
        config={{
          resource: gradeResource,
          fields: ['ParentID', 'Name', 'EnName', 'GradeLevel', 'State'],
          readOnlyFields: ['ChildCount', 'MemberCount'],
          defaultEntry: { State: 1 },
        }}
      />
    </Stack>
  );
}
