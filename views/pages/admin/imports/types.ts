import type { ImportTask } from '../../../../src/features/imports/model.ts';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { Notice } from '../shared/notice.ts';

/** What the import admin pages are given (built by src/features/imports/admin). */
export type { ImportTask };

export interface ImportsPageProps {
  ctx: PageContext;
  tasks: readonly ImportTask[];
  highlight: string | null;
  notice: Notice | null;
  maxMegabytes: number;
}
