import { defineJob } from '../src/platform/queue/runtime.ts';
import { maintenanceJob } from '../src/features/maintenance/job.ts';
import { productionMaintenanceDeps } from '../src/features/maintenance/worker-deps.ts';

/** Daily maintenance (src/features/maintenance/job.ts): old finished jobs, leftover audio pieces, old imports' files. */
export default defineJob(maintenanceJob(productionMaintenanceDeps()));
