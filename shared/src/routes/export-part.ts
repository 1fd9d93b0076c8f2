import { route } from '../route.ts';
import { ExportPart } from '../schemas/common.ts';
import type { ServiceName } from '../services.ts';

/**
 * A service's part of the member's data export: each service answers for what it holds, the web joins the parts into
 * one JSON download. identity's part is at the contract path /api/user/export.
 */
export const exportPart = <S extends ServiceName>(service: S, path: `/api/${string}`) =>
  route({ method: 'GET', path, service, access: 'member', summary: `The member's data held by ${service}`, response: ExportPart });
