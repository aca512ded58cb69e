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
  if (nameAt < 0 || names.includes('name_key')) return node;
  const rows = node.values.values.map((row) => {
    if (PrimitiveValueListNode.is(row)) return PrimitiveValueListNode.create([...row.values, keyOf(row.values[nameAt])]);
    const value = row.values[nameAt];
    return ValueListNode.create([...row.values, ValueNode.create(keyOf(value && ValueNode.is(value) ? value.value : undefined))]);
  });
  return InsertQueryNode.cloneWith(node, { columns: [...node.columns, ColumnNode.create('name_key')], values: ValuesNode.create(rows) });
}

function withKeyOnUpdate(node: UpdateQueryNode): UpdateQueryNode {
  if (!NAMED.has(tableName(node.table) ?? '') || !node.updates) return node;
  const names = node.updates.map((update) => columnName(update.column));
  const nameUpdate = node.updates[names.indexOf('name')];
  if (!nameUpdate || names.includes('name_key')) return node;
  const key = keyOf(ValueNode.is(nameUpdate.value) ? nameUpdate.value.value : undefined);
  return UpdateQueryNode.cloneWithUpdates(node, [ColumnUpdateNode.create(ColumnNode.create('name_key'), ValueNode.create(key))]);
}
