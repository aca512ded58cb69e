import { ContentType, UploadJobStatus } from '../../../domain';
import type { DataSourceDocument } from '../../../domain';

export interface TreeRow {
  document: DataSourceDocument;
  depth: number;
}

/** The documents as rows of a tree: folders first, then files, by name; children under their folder. */
export function flattenTree(documents: readonly DataSourceDocument[]): TreeRow[] {
  const children = new Map<string | null, DataSourceDocument[]>();
  const ids = new Set(documents.map((document) => document.id));
  for (const document of documents) {
    const parent = document.ParentId !== null && ids.has(document.ParentId) ? document.ParentId : null;
    children.set(parent, [...(children.get(parent) ?? []), document]);
  }
  const order = (a: DataSourceDocument, b: DataSourceDocument) =>
    a.ContentType === b.ContentType ? a.Name.localeCompare(b.Name) : a.ContentType === ContentType.FOLDER ? -1 : 1;
  const rows: TreeRow[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const document of [...(children.get(parent) ?? [])].sort(order)) {
      rows.push({ document, depth });
      if (document.ContentType === ContentType.FOLDER) visit(document.id, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}

export const isPending = (document: DataSourceDocument): boolean => document.UploadStatus === UploadJobStatus.OPEN || document.UploadStatus === UploadJobStatus.IN_PROGRESS;
