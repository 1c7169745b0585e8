import { describe, expect, it } from 'vitest';
import { KeyTurns } from './key-turns.ts';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('KeyTurns', () => {
  it('runs one key in call order, even when an earlier call is slower, and a failure does not stop the next', async () => {
    const turns = new KeyTurns();
    const finished: string[] = [];
    const calls = [
      turns.run('a', async () => finished.push(await later(30, 'a1'))),
      turns.run('a', () => Promise.reject(new Error('a2 refused'))),
      turns.run('a', async () => finished.push(await later(1, 'a3'))),
    ];
    const results = await Promise.allSettled(calls);
    expect(finished).toEqual(['a1', 'a3']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('lets other keys run alongside', async () => {
    const turns = new KeyTurns();
    const finished: string[] = [];
    await Promise.all([
      turns.run('a', async () => finished.push(await later(30, 'a'))),
      turns.run('b', async () => finished.push(await later(1, 'b'))),
    ]);
    expect(finished).toEqual(['b', 'a']);
  });
});
