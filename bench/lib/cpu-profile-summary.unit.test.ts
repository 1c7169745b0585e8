import { describe, expect, it } from 'vitest';
import { cpuByOwner, ownerOf } from './cpu-profile-summary.ts';

describe('cpu profile summary', () => {
  it('names the owner of the code: a dependency, one of ours, Node, or V8', () => {
    expect(
      ownerOf('send', 'file:///w/node_modules/.pnpm/kafkajs@2.2.4/node_modules/kafkajs/src/producer/index.js'),
    ).toBe('kafkajs');
    expect(
      ownerOf(
        'f',
        'file:///w/node_modules/.pnpm/@kafkajs+confluent-schema-registry@4.1.0/node_modules/@kafkajs/confluent-schema-registry/dist/x.js',
      ),
    ).toBe('@kafkajs/confluent-schema-registry');
    expect(ownerOf('f', 'file:///w/packages/platform-kafka/src/bus/group-member.ts')).toBe('@fe/platform-kafka');
    expect(ownerOf('f', 'file:///w/services/signer/src/main.ts')).toBe('services/signer');
    expect(ownerOf('f', 'node:internal/streams/readable')).toBe('node:streams');
    expect(ownerOf('f', 'node:net')).toBe('node:net');
    expect(ownerOf('(garbage collector)', '')).toBe('(garbage collector)');
    expect(ownerOf('writev', '')).toBe('(native)');
  });

  it("adds each sample's time to the owner of the function it hit, leaving idle out", () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(idle)', url: '' } },
        { id: 2, callFrame: { functionName: 'query', url: 'file:///w/node_modules/pg/lib/client.js' } },
        { id: 3, callFrame: { functionName: '(garbage collector)', url: '' } },
      ],
      samples: [1, 2, 2, 3, 1],
      timeDeltas: [5000, 1000, 2000, 500, 9000],
      startTime: 100_000,
    };
    expect(cpuByOwner(profile)).toEqual([
      ['pg', 3],
      ['(garbage collector)', 0.5],
    ]);
    // samples at 105 000, 106 000, 108 000, 108 500, 117 500 µs: a window keeps those inside it
    expect(cpuByOwner(profile, { from: 107_000, to: 110_000 })).toEqual([
      ['pg', 2],
      ['(garbage collector)', 0.5],
    ]);
  });
});
