import { describe, expect, it } from 'vitest';
import { isTransientStartError } from './transient-start-error.ts';

describe('isTransientStartError: waiting cures it', () => {
  it.each([
    ['a kafkajs error it would retry', Object.assign(new Error('not the leader'), { retriable: true })],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['PostgreSQL starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ["kafkajs's plain 'Broker not connected'", new Error('Broker not connected')],
    ['a request that timed out', new Error('Request ApiVersions(key: 18, version: 2) timed out')],
    ['one wrapped as the cause', new Error('could not open the bus', { cause: new Error('Broker not connected') })],
  ])('%s', (_, error) => expect(isTransientStartError(error)).toBe(true));

  it.each([
    ['a wrong password', Object.assign(new Error('password authentication failed'), { code: '28P01' })],
    ['a missing file', Object.assign(new Error('no such file'), { code: 'ENOENT' })],
    ['an error kafkajs would not retry', Object.assign(new Error('Topic authorization failed'), { retriable: false })],
    ['not an Error', 'Broker not connected'],
  ])('not %s', (_, error) => expect(isTransientStartError(error)).toBe(false));
});
