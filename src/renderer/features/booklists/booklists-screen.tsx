import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import type { Booklist } from '../../../shared/api/booklists.ts';
import { LEARNING_STAGES } from '../../../shared/api/organization.ts';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { BooklistEditor } from './booklist-editor.tsx';
import { booklistFieldSlots, FORM_FIELDS } from './booklist-form-fields.tsx';
import { booklistResource } from './booklist.resource.ts';

/**
 * /booklist 推荐书单: graded reading lists. The list of lists (name, stages, grades, published,
 * how many titles) is the kit's CrudScreen; "edit titles" opens the editor of one list's titles
 * (find in the catalogue, add, order, note, remove), each with the school's copies on the shelf.
 */
export default function BooklistsScreen() {
  const { t } = useTranslation('booklists');
  const [editing, setEditing] = useState<Booklist | null>(null);
  return (
    <>
      <CrudScreen
        config={{
          resource: booklistResource,
          columns: ['Name', 'Stages', 'GradeNames', 'Published', 'Titles', 'UpdateTime'],
          columnOverrides: {
            Name: { minWidth: 200, flex: 1 },
            Stages: { minWidth: 120, valueGetter: (v: string[]) => LEARNING_STAGES.filter((s) => v.includes(s)) },
            // In words (a draft is not "no"): the kit's boolean column shows a tick or a cross.
            Published: { type: 'string', minWidth: 88, valueGetter: (v: boolean) => (v ? t('published.yes') : t('published.no')) },
            Titles: { type: 'number', minWidth: 80 },
          },
          filters: ['SearchKey', 'LearningStage'],
          form: { fields: FORM_FIELDS, fieldSlots: booklistFieldSlots },
          defaultEntry: { Stages: [], GradeIDs: [], Published: false },
          slots: {
            rowActions: (row) => <Button size="small" onClick={() => setEditing(row)} data-testid={`booklist-open-${row.ID}`}>{t('editor.open')}</Button>,
            rowActionLabels: [t('editor.open')],
          },
        }}
      />
      {editing && <BooklistEditor list={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
