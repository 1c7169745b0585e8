// What crosses between the service and the simulator thread (simulator-thread.ts). Plain data only:
// structured clone carries it.
import type { SimulatorConfig } from '../config.ts';
import type { PlayBuyerOutcome, PlayBuyerRequest } from '../events/play-buyer.ts';
import type { FaultSpec } from '../faults/faults.ts';

export type ThreadStart = {
  config: Omit<SimulatorConfig, 'now'>;
  listen: { host?: string; port: number };
  storePath: string | undefined;
  /** For an entry of another package (SimulatorThreadOptions.entryData). */
  entryData?: unknown;
};

export type ThreadRequest =
  | { id: number; kind: 'set-fault'; fault: FaultSpec | undefined }
  | { id: number; kind: 'times-received'; cufe: string }
  | { id: number; kind: 'play-buyer'; cufe: string; request: PlayBuyerRequest }
  | { id: number; kind: 'set-today'; date: string | undefined }
  | { id: number; kind: 'close' };

export type ThreadReply =
  | { id: 0; kind: 'listening'; endpoint: string; port: number }
  | { id: 0; kind: 'start-failed'; message: string }
  | { id: number; kind: 'done' }
  | { id: number; kind: 'count'; count: number }
  | { id: number; kind: 'played'; outcome: PlayBuyerOutcome }
  | { id: number; kind: 'error'; message: string };
