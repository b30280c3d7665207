import type { PageContext } from '../../../src/platform/http/page-context.ts';
import type { DashboardData } from './AdminDashboard.tsx';

export interface AdminHomeProps {
  ctx: PageContext;
  runningScrapes: number;
  importsInReview: number;
  books: number;
  dashboard: DashboardData;
}
