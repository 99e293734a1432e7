import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Tells whether a piece of work wrote to the database: every query a Kysely instance runs passes
 * here, and an INSERT, UPDATE, DELETE or MERGE (or raw SQL starting with one) inside `probeWrites`
 * marks its probe. The operation log uses it to log each call that changed data without every
 * handler having to say so. Writes to the tables in `ignored` (bookkeeping) do not count.
 */
export interface WriteProbe {
  wrote: boolean;
}

const storage = new AsyncLocalStorage<WriteProbe>();

/** Runs `fn` with a fresh probe; the probe tells afterwards (or on failure) whether it wrote. */
export function probeWrites<T>(probe: WriteProbe, fn: () => Promise<T>): Promise<T> {
  return storage.run(probe, fn);
}

const RAW_WRITE = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from|replace\s+into)\s+"?([\w.]+)/i;

function tableOf(node: OperationNode | undefined): string | null {
  const n = node as { kind?: string; table?: { identifier?: { name?: string } }; froms?: OperationNode[] } | undefined;
  if (!n) return null;
  if (n.kind === 'TableNode') return n.table?.identifier?.name ?? null;
  if (n.kind === 'AliasNode') return tableOf((n as unknown as { node: OperationNode }).node);
  if (n.kind === 'FromNode') return tableOf(n.froms?.[0]);
  return null;
}

/** The table a query writes, '' for a write whose table is not known, null for a read. */
export function writtenTable(node: RootOperationNode): string | null {
  switch (node.kind) {
    case 'InsertQueryNode': return tableOf(node.into) ?? '';
    case 'UpdateQueryNode': return tableOf(node.table) ?? '';
    case 'DeleteQueryNode': return tableOf(node.from) ?? '';
    case 'MergeQueryNode': return tableOf(node.into) ?? '';
    case 'RawNode': {
      const m = RAW_WRITE.exec(node.sqlFragments.join('?'));
      return m ? m[2]!.replace(/^.*\./, '') : null;
    }
    default: return null;
  }
}

export function writeProbePlugin(ignored: ReadonlySet<string>): KyselyPlugin {
  return {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      const probe = storage.getStore();
      if (probe && !probe.wrote) {
        const table = writtenTable(node);
        if (table != null && !ignored.has(table)) probe.wrote = true;
      }
      return node;
    },
    transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return Promise.resolve(result);
    },
  };
}
