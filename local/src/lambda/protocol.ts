/** Messages between the local stack and a service's worker thread (the "Lambda runtime" protocol). */
export type FunctionKind = 'http' | 'worker';

export interface HostData {
  service: string;
  /** Absolute paths of the bundles, by function. */
  entries: Partial<Record<FunctionKind, string>>;
  timeoutsMs: Record<FunctionKind, number>;
}

export interface InvokeMessage {
  type: 'invoke';
  id: number;
  fn: FunctionKind;
  requestId: string;
  event: unknown;
}

export type HostMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; ok: true; result: unknown }
  | { type: 'result'; id: number; ok: false; error: { name: string; message: string; stack?: string } };
