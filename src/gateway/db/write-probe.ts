import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Tells whether a piece of work wrote to the database: every query a Kysely instance runs passes
 * here, and an INSERT, UPDATE, DELETE or MERGE (or raw SQL starting with one) inside `probeWrites`
 * marks its probe. The operation log uses it to log each call that changed data without every
 * handler having to say so. Writes to bookkeeping tables do not count. A query compiled once and
 * run many times (prepared.ts) skips Kysely's plugins, so it reports each run through noteQuery.
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

/** Bookkeeping tables whose writes are not an operation: the log itself, idempotency keys, the portal's search log. */
const UNPROBED_TABLES: ReadonlySet<string> = new Set(['operation_log', 'idempotency_keys', 'search_log']);

/** Marks the running probe, if any, when `node` writes a table that counts. */
export function noteQuery(node: RootOperationNode): void {
  const probe = storage.getStore();
  if (probe && !probe.wrote) {
    const table = writtenTable(node);
    if (table != null && !UNPROBED_TABLES.has(table)) probe.wrote = true;
  }
}

export function writeProbePlugin(): KyselyPlugin {
  return {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      noteQuery(node);
      return node;
    },
    transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return Promise.resolve(result);
    },
  };
}
