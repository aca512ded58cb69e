import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { AliasNode, ColumnNode, ColumnUpdateNode, InsertQueryNode, PrimitiveValueListNode, TableNode, UpdateQueryNode, ValueListNode, ValueNode, ValuesNode } from 'kysely';
import { NAMED_TABLES, nameKey } from './name-key';

const NAMED = new Set<string>(Object.keys(NAMED_TABLES));

/**
 * Keeps `name_key` beside `name` on every insert and update of a named table, whoever writes it (services, seeds,
 * fixtures), so the unique index on it can never be walked around by a write that forgot it.
 */
export class NameKeyPlugin implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (InsertQueryNode.is(node)) return withKeyOnInsert(node);
    if (UpdateQueryNode.is(node)) return withKeyOnUpdate(node);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : undefined;
}

function columnName(node: OperationNode): string | undefined {
  return ColumnNode.is(node) ? node.column.name : undefined;
}

function keyOf(value: unknown): string {
  if (typeof value !== 'string') throw new Error('name must be written as a plain value (name_key is derived from it)');
  return nameKey(value);
}

function withKeyOnInsert(node: InsertQueryNode): InsertQueryNode {
  if (!NAMED.has(tableName(node.into) ?? '') || !node.columns || !node.values || !ValuesNode.is(node.values)) return node;
  const names = node.columns.map(columnName);
  const nameAt = names.indexOf('name');
  if (nameAt < 0) return node;
  // A name_key written by the caller (say, a copied row) is replaced by the one derived from the name.
  const keyAt = names.indexOf('name_key');
  const withKey = <T>(values: readonly T[], key: T): T[] => (keyAt < 0 ? [...values, key] : values.map((value, at) => (at === keyAt ? key : value)));
  const rows = node.values.values.map((row) => {
    if (PrimitiveValueListNode.is(row)) return PrimitiveValueListNode.create(withKey(row.values, keyOf(row.values[nameAt])));
    const value = row.values[nameAt];
    return ValueListNode.create(withKey<OperationNode>(row.values, ValueNode.create(keyOf(value && ValueNode.is(value) ? value.value : undefined))));
  });
  const columns = keyAt < 0 ? [...node.columns, ColumnNode.create('name_key')] : node.columns;
  return InsertQueryNode.cloneWith(node, { columns, values: ValuesNode.create(rows) });
}

function withKeyOnUpdate(node: UpdateQueryNode): UpdateQueryNode {
  if (!NAMED.has(tableName(node.table) ?? '') || !node.updates) return node;
  const nameUpdate = node.updates.find((update) => columnName(update.column) === 'name');
  if (!nameUpdate) return node;
  const key = ColumnUpdateNode.create(ColumnNode.create('name_key'), ValueNode.create(keyOf(ValueNode.is(nameUpdate.value) ? nameUpdate.value.value : undefined)));
  return { ...node, updates: [...node.updates.filter((update) => columnName(update.column) !== 'name_key'), key] };
}
