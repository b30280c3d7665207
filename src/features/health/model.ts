import { t } from 'elysia';

const Check = t.Union([t.Literal('ok'), t.Literal('unreachable')]);
export const Checks = t.Record(t.String(), Check);

export const HealthResponse = t.Object({ status: t.Literal('ok') });
export const ReadyResponse = t.Object({ status: t.Literal('ready'), checks: Checks });
export const NotReadyResponse = t.Object({ error: t.Literal('unavailable'), message: t.String(), checks: Checks });
