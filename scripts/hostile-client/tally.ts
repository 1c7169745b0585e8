// What one probe family counted: requests sent, refusals by status and code, 5xx, and the verdicts it reached
// (stuck: no answer in time or work left unfinished; leaked: a secret or a difference an outsider can read;
// wrong: a success or answer that says something other than what happened).
import { codeOf, type Answer } from './http.ts';

export class Tally {
  readonly family: string;
  sent = 0;
  readonly refused = new Map<string, number>();
  fiveXx = 0;
  stuck = 0;
  leaked = 0;
  wrong = 0;
  readonly notes: string[] = [];

  constructor(family: string) {
    this.family = family;
  }

  /** Counts one answer: a 4xx by status and code, a 5xx (noted with `what`), no answer as stuck. */
  count(answer: Answer, what: string): Answer {
    this.sent++;
    if (answer.status >= 500) {
      this.fiveXx++;
      this.note(`${what}: ${answer.status} ${codeOf(answer)}`);
    } else if (answer.status >= 400) {
      const key = `${answer.status} ${codeOf(answer)}`;
      this.refused.set(key, (this.refused.get(key) ?? 0) + 1);
    } else if (answer.status === 0) this.isStuck(`${what}: no answer (${answer.error})`);
    return answer;
  }

  isStuck(why: string): void {
    this.stuck++;
    this.note(why);
  }

  isLeaked(why: string): void {
    this.leaked++;
    this.note(why);
  }

  isWrong(why: string): void {
    this.wrong++;
    this.note(why);
  }

  note(line: string): void {
    if (this.notes.length < 12) this.notes.push(line);
    else if (this.notes.length === 12) this.notes.push('…');
  }

  get failures(): number {
    return this.fiveXx + this.stuck + this.leaked + this.wrong;
  }
}
