import { describe, expect, it } from 'vitest';
import { readDianSpec } from '../../test-support/dian-spec.ts';
import { cude, cufe, cufeInput, sha384Hex, softwareSecurityCode, type CufeFields } from './cufe.ts';

const vectors = JSON.parse(readDianSpec('test-vectors.json')) as {
  cufe_cude: { name: string; input: string; sha384: string }[];
};

describe('CUFE / CUDE vectors of spec/dian/test-vectors.json', () => {
  it.each(vectors.cufe_cude.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    expect(sha384Hex(v.input)).toBe(v.sha384);
  });
});

describe('cufe() assembles the fields in the annex order', () => {
  // DIAN Generica.xml (SETP990000002): its CUFE uses ValTot 14024.07 (see the vector's note).
  const generica: CufeFields = {
    numFac: 'SETP990000002',
    fecFac: '2019-06-20',
    horFac: '09:15:23-05:00',
    valFac: '12600.06',
    valIva: '2424.01',
    valInc: '0.00',
    valIca: '0.00',
    valTot: '14024.07',
    nitOfe: '900508908',
    numAdq: '900108281',
    key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
    environment: '2',
  };

  it('Generica.xml', () => {
    expect(cufeInput(generica)).toBe(vectors.cufe_cude[2]!.input);
    expect(cufe(generica)).toBe(
      '941cf36af62dbbc06f105d2a80e9bfe683a90e84960eae4d351cc3afbe8f848c26c39bac4fbc80fa254824c6369ea694',
    );
  });

  it('annex §11.2 invoice 323200000129 (production)', () => {
    expect(
      cufe({
        numFac: '323200000129',
        fecFac: '2019-01-16',
        horFac: '10:53:10-05:00',
        valFac: '1500000.00',
        valIva: '285000.00',
        valInc: '0.00',
        valIca: '0.00',
        valTot: '1785000.00',
        nitOfe: '700085371',
        numAdq: '800199436',
        key: '693ff6f2a553c3646a063436fd4dd9ded0311471',
        environment: '1',
      }),
    ).toBe('8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4');
  });

  it('annex §11.4.3 credit note CUDE uses the software PIN', () => {
    expect(
      cude({
        numFac: '8110007871',
        fecFac: '2019-01-12',
        horFac: '07:00:00-05:00',
        valFac: '5000.00',
        valIva: '950.00',
        valInc: '0.00',
        valIca: '0.00',
        valTot: '5950.00',
        nitOfe: '900373076',
        numAdq: '8355990',
        key: '12301',
        environment: '1',
      }),
    ).toBe('907e4444decc9e59c160a2fb3b6659b33dc5b632a5008922b9a62f83f757b1c448e47f5867f2b50dbdb96f48c7681168');
  });

  it('own example (spec/dian/examples/own): CUFE and CUDE', () => {
    const base = {
      fecFac: '2025-03-10',
      horFac: '10:15:00-05:00',
      valInc: '0.00',
      valIca: '0.00',
      nitOfe: '900123456',
      numAdq: '1020304050',
      environment: '2' as const,
    };
    expect(
      cufe({
        ...base,
        numFac: 'SETP990001234',
        valFac: '120000.00',
        valIva: '20000.00',
        valTot: '140000.00',
        key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
      }),
    ).toBe('4798fcead6a0af811f391a0aa43e6b52e6c1989704dcb3d0930ac8e95bd2be6a7b18ab4976bc3b76f237d082c696a3e3');
    expect(
      cude({
        ...base,
        numFac: 'NC1001',
        fecFac: '2025-03-12',
        horFac: '08:30:00-05:00',
        valFac: '100000.00',
        valIva: '19000.00',
        valTot: '119000.00',
        key: '12345',
      }),
    ).toBe('4b143431478e18ba8249f37cf542c276cd8bcdddeed44fc193a450fc8d8657cbeef357e0c1a9a5ff53935237a1e68596');
  });

  it('refuses an amount that is not written with exactly 2 decimals', () => {
    expect(() => cufeInput({ ...generica, valFac: '12600.060' })).toThrow(RangeError);
    expect(() => cufeInput({ ...generica, valIva: '2424' })).toThrow(RangeError);
  });
});

describe('softwareSecurityCode', () => {
  it('own example: SHA-384(SoftwareID + PIN + ID)', () => {
    expect(softwareSecurityCode('00000000-0000-4000-8000-000000000001', '12345', 'SETP990001234')).toBe(
      '0c5bf8d00eac32d5cb185b0329f7e89bef361577c12dae693503ff4a965e39716b63018ad68172174c3794eb7f67a388',
    );
    expect(softwareSecurityCode('00000000-0000-4000-8000-000000000001', '12345', 'NC1001')).toBe(
      '60969bf739777774d75c1fdcf4a626647e4a105f64a206a4cbea68c9403902f4fcd641ff31433c6c2d4d8be9c4073183',
    );
  });
});
