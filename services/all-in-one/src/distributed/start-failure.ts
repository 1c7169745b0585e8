// What the distributed start's prepare step prints when it cannot go on: one line a person can act on, never a
// stack trace. The data folder and the PostgreSQL schema belong together (the tenants there are sealed with the
// folder's master key), so a folder removed on its own is named with the command that removes both.
import { isTenancyError } from '@fe/tenancy';

export type StartPlace = {
  /** The data folder, absolute. */
  dataDir: string;
  /** FE_POSTGRES_SCHEMA. */
  schema: string;
  /** The command that starts afresh, with the variables this start ran with. */
  resetCommand: string;
};

/** The line for `error`: the inconsistency and its one fix for a master key that opens nothing, else its code. */
export function startFailureLine(error: unknown, place: StartPlace): string {
  if (isTenancyError(error, 'SECRET_UNREADABLE')) {
    return (
      `SECRET_UNREADABLE: PostgreSQL (schema ${place.schema}) holds tenants sealed with another master key than ` +
      `${place.dataDir}/master.key (was the data folder removed on its own?): put that master.key back, ` +
      `or start afresh with: ${place.resetCommand}`
    );
  }
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  return `${typeof code === 'string' ? `${code}: ` : ''}${text}`.replace(/\s*\n\s*/g, ' ');
}
