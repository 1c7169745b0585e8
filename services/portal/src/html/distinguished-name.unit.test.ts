import { describe, expect, it } from 'vitest';
import { readableName } from './distinguished-name.ts';

describe('readableName', () => {
  it('turns a hex-encoded serialNumber (the NIT) back into text and leaves the rest alone', () => {
    expect(readableName('2.5.4.5=#1309393030313038323831,CN=Comercial,O=Comercial S.A.S.,C=CO')).toBe(
      'serialNumber=900108281,CN=Comercial,O=Comercial S.A.S.,C=CO',
    );
    expect(readableName('CN=x,2.5.4.5=#13ff00')).toBe('CN=x,2.5.4.5=#13ff00'); // a length that does not match: as it was
  });
});
