import type { Envelope } from '@fe/contracts';
import type { PlatformErrorCode } from '../../errors.ts';
import type { AppendOptions, ExpectedVersion } from '../../ports/event-store.ts';

/** Calls between ThreadedSqliteEventStore and its worker (structured clone keeps bigints), and its errors. */
export type StoreCall = { id: number } & (
  | {
      op: 'append';
      stream: string;
      events: readonly Envelope[];
      expected: ExpectedVersion;
      options: AppendOptions | undefined;
    }
  | { op: 'read'; stream: string }
  | { op: 'readAll'; options: { after?: bigint; limit?: number } | undefined }
  | { op: 'head' }
  | { op: 'close' }
);

export type StoreError =
  | { kind: 'concurrency'; stream: string; expected: string; actual: bigint | 'no_stream' }
  | { kind: 'platform'; code: PlatformErrorCode; message: string; retriable: boolean }
  | { kind: 'other'; message: string };
