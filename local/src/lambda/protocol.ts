/** Messages between the local stack and a service's worker thread (the "Lambda runtime" protocol). */
import type { FunctionKind } from '@torcedor/shared/runtime';

/** http, worker, stream, and the live socket (API Gateway's WebSocket routes). */
export type { FunctionKind };

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
  /** A streaming invocation's status and headers (before its first chunk), then its chunks of text. */
  | { type: 'head'; id: number; prelude: { statusCode: number; headers?: Record<string, string>; cookies?: string[] } }
  | { type: 'chunk'; id: number; data: string }
  | { type: 'result'; id: number; ok: true; result: unknown }
  | { type: 'result'; id: number; ok: false; error: { name: string; message: string; stack?: string } };
