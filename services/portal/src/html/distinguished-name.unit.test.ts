import { describe, expect, it } from 'vitest';
import { readableName } from './distinguished-name.ts';

describe('readableName', () => {
  it('puts the common name first and turns hex-encoded DER values (the NIT) back into text', () => {
    expect(readableName('2.5.4.5=#1309393030313038323831,CN=Comercial S.A.S.,O=Comercial S.A.S.,C=CO')).toBe(
      'CN=Comercial S.A.S., serialNumber=900108281, O=Comercial S.A.S., C=CO',
    );
  });

  it('decodes UTF-8, BMP and long-length values, names the usual OIDs and unescapes RFC 4514', () => {
    const long = 'x'.repeat(130);
    const longHex = `0c8182${Buffer.from(long).toString('hex')}`;
    const bmp = `1e06${Buffer.from('Ñoa', 'utf16le').swap16().toString('hex')}`;
    const mail = `1612${Buffer.from('a.b@example.com.co').toString('hex')}`;
    expect(readableName(`1.2.840.113549.1.9.1=#${mail},2.5.4.12=#${bmp},2.5.4.13=#${longHex},CN=Pérez\\, Ana`)).toBe(
      `CN=Pérez, Ana, emailAddress=a.b@example.com.co, title=Ñoa, description=${long}`,
    );
  });

  it('leaves a value it cannot read as it was', () => {
    expect(readableName('CN=x,2.5.4.5=#13ff00')).toBe('CN=x, serialNumber=#13ff00');
    expect(readableName('CN=x,1.2.3=#0403010203')).toBe('CN=x, 1.2.3=#0403010203');
  });
});
