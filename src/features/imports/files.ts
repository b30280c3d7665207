import type { ObjectStore } from '../../platform/objects/port.ts';

/** An import's objects: the upload (its own key, on the task row) and the parsed book kept for review. */
export const parsedKey = (taskId: string) => `imports/${taskId}/parsed.json`;

/** Deletes both, whichever exist; a store that fails is left for the daily maintenance job to retry. */
export async function removeImportFiles(objects: ObjectStore, task: { id: string; object_key: string | null }): Promise<void> {
  const keys = [task.object_key, parsedKey(task.id)].filter((key): key is string => Boolean(key));
  await Promise.all(keys.map((key) => objects.delete(key)));
}
