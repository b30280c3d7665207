import { operationsOf, type OpenApiDocument } from './types.ts';

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camelWords = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean).map(capital).join('');

/**
 * One readable, unique operationId per operation, from its method and path:
 * GET /api/book/{slug} → getBook, POST /api/comment/{id}/vote → postCommentVote,
 * GET /kosync/syncs/progress/{document} → getKosyncSyncsProgress. Where two would meet, the path
 * parameters tell them apart (getLibrary, getLibraryBySlug). An id a route gives itself is kept.
 */
export function assignOperationIds(document: OpenApiDocument): void {
  const operations = [...operationsOf(document)];
  const base = (path: string, method: string) => method + camelWords(path.replace(/^\/api(?=\/)/, '').replace(/\{[^}]+\}/g, ''));
  const counts = new Map<string, number>();
  for (const { path, method, operation } of operations) {
    if (operation['x-own-operation-id']) continue;
    const id = base(path, method);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const taken = new Set<string>();
  for (const { path, method, operation } of operations) {
    let id: string;
    if (operation['x-own-operation-id']) id = operation.operationId!;
    else {
      id = base(path, method);
      const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => camelWords(m[1]!));
      if ((counts.get(id) ?? 0) > 1 && params.length) id += `By${params.join('And')}`;
    }
    if (taken.has(id)) throw new Error(`Two operations would share the operationId ${id} (${method.toUpperCase()} ${path})`);
    taken.add(id);
    operation.operationId = id;
    delete operation['x-own-operation-id'];
  }
}
