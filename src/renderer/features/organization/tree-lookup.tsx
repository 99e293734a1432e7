import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { organizationCalls as o, OrgTreeNode } from '../../../shared/api/organization.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { useSession } from '../../lib/use-session.ts';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { NodeDialog, type NodeValues } from './node-dialog.tsx';
import { MoveDialog } from './move-dialog.tsx';
import { filterTree, parentOptions } from './tree-utils.ts';

/** The calls of one tree kind (departments or organisation departments share shapes). */
export interface TreeCalls {
  tree: typeof o.getDepartmentTree;
  add: typeof o.addDepartment;
  update: typeof o.updateDepartment;
  remove: typeof o.deleteDepartment;
  move: typeof o.moveDepartment;
}

type Editing = { mode: 'add'; parent: OrgTreeNode | null } | { mode: 'edit'; node: OrgTreeNode } | { mode: 'move'; node: OrgTreeNode } | { mode: 'delete'; node: OrgTreeNode };

/** A tree edited in place: add a child or a top-level node, edit, move under another parent, delete. */
export function TreeLookup({ calls, kind }: { calls: TreeCalls; kind: 'dept' | 'org' }) {
  const { t, i18n } = useTranslation(['organization', 'common', 'kit']);
  const qc = useQueryClient();
  const key = ['org-tree', calls.tree.id] as const;
  const tree = useQuery({ queryKey: key, queryFn: () => call(calls.tree, {}) });
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(null);
  const ops = useSession().menus?.Operations ?? [];
  const canEdit = ops.includes('*') || ops.includes(calls.add.perm!);
  const nameOf = (n: OrgTreeNode) => (i18n.language === 'en-US' && n.EnName ? n.EnName : n.Name);
  const roots = useMemo(() => filterTree(tree.data ?? [], search), [tree.data, search]);

  const done = async (messageKey: string) => {
    await qc.invalidateQueries({ queryKey: key });
    // Flat lists of the same nodes (the /dept screen) refresh too.
    await qc.invalidateQueries({ queryKey: ['department'] });
    toast.key(messageKey, 'success');
    setEditing(null);
  };
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) => (editing?.mode === 'edit' ? call(calls.update, v as never) : call(calls.add, v as never)),
    onSuccess: () => done('kit:saved'),
  });
  const move = useMutation({ mutationFn: (v: { ID: number; ParentID: number | null }) => call(calls.move, v), onSuccess: () => done('organization:tree.moved') });
  const remove = useMutation({ mutationFn: (id: number) => call(calls.remove, { ID: id }), onSuccess: () => done('organization:tree.deleted') });

  const toggle = (id: number) => setCollapsed((s) => {
    const next = new Set(s);
    if (!next.delete(id)) next.add(id);
    return next;
  });

  const renderNode = (n: OrgTreeNode, depth: number) => {
    const open = !collapsed.has(n.ID);
    return (
      <Box key={n.ID}>
        <Stack direction="row" spacing={1} data-testid={`tree-node-${n.ID}`} data-name={n.Name}
          sx={{ alignItems: 'center', pl: depth * 3, py: 0.25, '&:hover': { bgcolor: 'action.hover' } }}>
          <IconButton size="small" disabled={n.Children.length === 0} onClick={() => toggle(n.ID)} aria-label={t(open ? 'tree.collapse' : 'tree.expand')}>
            {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
          </IconButton>
          <Typography sx={{ flex: 1 }}>{nameOf(n)}{n.Code ? ` (${n.Code})` : ''}</Typography>
          {n.State === 0 && <Chip size="small" label={t('state.0')} />}
          {kind === 'dept' && <Chip size="small" variant="outlined" label={t('tree.members', { count: n.MemberCount })} />}
          {canEdit && (
            <>
              <Button size="small" onClick={() => setEditing({ mode: 'add', parent: n })} data-testid={`tree-add-${n.ID}`}>{t('tree.addChild')}</Button>
              <Button size="small" onClick={() => setEditing({ mode: 'edit', node: n })} data-testid={`tree-edit-${n.ID}`}>{t('common:actions.edit')}</Button>
              <Button size="small" onClick={() => setEditing({ mode: 'move', node: n })} data-testid={`tree-move-${n.ID}`}>{t('tree.move')}</Button>
              <Tooltip title={n.InUse ? t('tree.inUse') : ''}>
                <span>
                  <Button size="small" color="error" disabled={n.InUse} onClick={() => setEditing({ mode: 'delete', node: n })} data-testid={`tree-delete-${n.ID}`}>
                    {t('kit:delete.action')}
                  </Button>
                </span>
              </Tooltip>
            </>
          )}
        </Stack>
        {open && n.Children.map((c) => renderNode(c, depth + 1))}
      </Box>
    );
  };

  const blank: NodeValues = { Name: '', EnName: '', Code: '', State: 1, Sort: 0 };
  return (
    <Stack spacing={1.5} data-testid={`tree-${kind}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>{t(`tree.title.${kind}`)}</Typography>
        <TextField size="small" placeholder={t('tree.search')} value={search} onChange={(e) => setSearch(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'tree-search' } }} />
        {canEdit && <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ mode: 'add', parent: null })} data-testid="tree-add-root">{t('tree.addRoot')}</Button>}
      </Stack>
      <Paper variant="outlined" sx={{ p: 1 }}>
        {tree.isPending && <CircularProgress size={24} />}
        {tree.isError && <Alert severity="error" action={<Button onClick={() => void tree.refetch()}>{t('common:actions.reload')}</Button>}>{t('tree.loadFailed')}</Alert>}
        {tree.isSuccess && roots.length === 0 && <Typography color="text.secondary" data-testid="tree-empty">{t('tree.empty')}</Typography>}
        {roots.map((r) => renderNode(r, 0))}
      </Paper>
      {(editing?.mode === 'add' || editing?.mode === 'edit') && (
        <NodeDialog
          title={editing.mode === 'add'
            ? t('tree.addTitle', { parent: editing.parent ? nameOf(editing.parent) : t('tree.top') })
            : t('tree.editTitle', { name: nameOf(editing.node) })}
          schema={editing.mode === 'add' ? calls.add.input : calls.update.input}
          initial={editing.mode === 'edit' ? { Name: editing.node.Name, EnName: editing.node.EnName, Code: editing.node.Code, State: editing.node.State, Sort: editing.node.Sort } : blank}
          fixed={editing.mode === 'add' ? { ParentID: editing.parent?.ID ?? null } : { ID: editing.node.ID, ParentID: editing.node.ParentID }}
          onSave={async (v) => void (await save.mutateAsync(v))}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.mode === 'move' && (
        <MoveDialog
          name={nameOf(editing.node)}
          options={parentOptions(tree.data ?? [], editing.node, nameOf, t('tree.top'))}
          current={editing.node.ParentID}
          onMove={async (parentId) => void (await move.mutateAsync({ ID: editing.node.ID, ParentID: parentId }))}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={editing?.mode === 'delete'}
        title={t('tree.deleteTitle')}
        body={t('kit:delete.body', { item: editing?.mode === 'delete' ? nameOf(editing.node) : '' })}
        onConfirm={() => (editing?.mode === 'delete' ? remove.mutateAsync(editing.node.ID) : Promise.resolve())}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
