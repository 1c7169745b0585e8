import { TenancyError } from '@fe/tenancy';
import { describe, expect, it } from 'vitest';
import { startFailureLine } from './start-failure.ts';

const place = { dataDir: '/srv/fe', schema: 'fe', resetCommand: 'FE_DATA_DIR=/srv/fe pnpm reset:distributed' };

describe('startFailureLine', () => {
  it('a master key that opens no tenant: one line naming the schema, the key file and the command that resets both', () => {
    const line = startFailureLine(new TenancyError('SECRET_UNREADABLE'), place);
    expect(line).not.toContain('\n');
    expect(line).toMatch(/^SECRET_UNREADABLE: PostgreSQL \(schema fe\)/);
    expect(line).toContain('/srv/fe/master.key');
    expect(line.endsWith('start afresh with: FE_DATA_DIR=/srv/fe pnpm reset:distributed')).toBe(true);
  });

  it('any other error: its code and message on one line, no stack', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED\n127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(startFailureLine(error, place)).toBe('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432');
    expect(startFailureLine('plain', place)).toBe('plain');
  });
});
