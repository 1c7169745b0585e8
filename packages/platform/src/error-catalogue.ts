/**
 * One way to declare an error catalogue: stable codes tests assert, and whether trying again can help.
 *
 *   const xades = errorCatalogue('XadesError', { P12_WRONG_PASSWORD: { message: 'The .p12 password is wrong.' } });
 *   export class XadesError extends xades.Error {}
 */

/** A code's entry: its message (else the thrower's words are the message) and whether a retry can help (default no). */
type ErrorEntry = { readonly message?: string; readonly retriable?: boolean };

type CatalogueErrorOptions = {
  cause?: unknown;
  /** Overrides the entry's `retriable` where the thrower knows better (a broker's own verdict). */
  retriable?: boolean | undefined;
  /** The code of what caused this one, from another catalogue (CERT_EXPIRED behind CREDENTIAL_UNUSABLE). */
  causeCode?: string | undefined;
  /** The input field at fault. */
  field?: string | undefined;
};

export function errorCatalogue<const Entries extends Record<string, ErrorEntry>>(name: string, entries: Entries) {
  type Code = keyof Entries & string;
  const messageOf = (code: Code, detail?: string): string => {
    const fixed = entries[code]?.message;
    if (fixed === undefined) return detail ?? code;
    return detail ? `${fixed} (${detail})` : fixed;
  };

  class CatalogueError extends Error {
    readonly code: Code;
    readonly retriable: boolean;
    readonly causeCode: string | undefined;
    readonly field: string | undefined;

    /**
     * `detail` is for names, codes, ids, sizes and dates only, never a secret: it ends in logs and dead-letter headers.
     */
    constructor(code: Code, detail?: string, options: CatalogueErrorOptions = {}) {
      super(messageOf(code, detail), options.cause !== undefined ? { cause: options.cause } : undefined);
      this.name = name;
      this.code = code;
      this.retriable = options.retriable ?? entries[code]?.retriable ?? false;
      this.causeCode = options.causeCode;
      this.field = options.field;
    }
  }

  return {
    Error: CatalogueError,
    /** Every code of the catalogue, in declaration order. */
    codes: Object.keys(entries) as Code[],
    isCode: (code: string): code is Code => Object.hasOwn(entries, code),
    messageOf,
    /** The type guard for the catalogue's class, optionally for one code. */
    guard:
      <T extends CatalogueError>(cls: abstract new (...args: never[]) => T) =>
      (error: unknown, code?: Code): error is T =>
        error instanceof cls && (code === undefined || error.code === code),
  };
}
