import { createHash } from 'node:crypto';

/**
 * SQL the server parses and plans once per connection, then only binds and executes: for the statements every
 * invoice runs several times, the parse and plan are about half of the server's work on each.
 */
export type Statement = { readonly name: string; readonly text: string };

/**
 * A named statement for `text`. The name follows from the text, so two adapters preparing the same text share it
 * and two texts never collide on one connection. Only for explicit column lists: a cached plan whose `*` widens
 * under a migration fails until its connection ends.
 */
export function statement(text: string): Statement {
  return { name: `fe_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text };
}
