import { demoResolution, demoSoftware, demoTenant } from '@fe/dian-domain';
import { describe, expect, it } from 'vitest';
import { checkInput, companySchema, parseInput, resolutionSchema, softwareSchema } from './tenant-input.ts';

describe('tenant input', () => {
  it('accepts the demo company, software and resolution as they are', () => {
    expect(checkInput(companySchema, demoTenant)).toEqual({ ok: true, value: demoTenant });
    expect(checkInput(softwareSchema, demoSoftware).ok).toBe(true);
    expect(checkInput(resolutionSchema, demoResolution).ok).toBe(true);
  });

  it("names each field at fault: a DV that does not match the NIT, a city not on DIAN's list, no fiscal responsibility", () => {
    const result = checkInput(companySchema, {
      ...demoTenant,
      dv: 3,
      address: { line: 'Calle 1', cityCode: '99999' },
      taxLevelCodes: [],
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((e) => e.field).sort()).toEqual(['address.cityCode', 'dv', 'taxLevelCodes']);
    const dv = checkInput(companySchema, { ...demoTenant, dv: 3 });
    expect(!dv.ok && dv.errors).toEqual([{ field: 'dv', message: expect.stringContaining('dígito de verificación') }]);
  });

  it('keeps a reception e-mail registered at DIAN, and refuses one that is not an e-mail address, in Spanish', () => {
    const registered = { ...demoTenant, receptionEmail: 'recepcion@demo.example' };
    expect(checkInput(companySchema, registered)).toEqual({ ok: true, value: registered });
    const wrong = checkInput(companySchema, { ...demoTenant, receptionEmail: 'recepcion en demo.example' });
    expect(!wrong.ok && wrong.errors).toEqual([
      { field: 'receptionEmail', message: expect.stringContaining('correo de recepción registrado en la DIAN') },
    ]);
  });

  it('says every fault in one round, in Spanish sentences: a wrong DV beside an unchosen select and an empty name', () => {
    const result = checkInput(companySchema, { ...demoTenant, dv: 3, personType: '', legalName: '' });
    expect(!result.ok && Object.fromEntries(result.errors.map((e) => [e.field, e.message]))).toEqual({
      dv: 'El dígito de verificación no corresponde al NIT.',
      personType: 'Elija el tipo de persona.',
      legalName: 'Escriba la razón social.',
    });
    const empty = checkInput(softwareSchema, { ...demoSoftware, providerDv: Number.NaN, id: '' });
    expect(!empty.ok && empty.errors.map((e) => e.message)).toEqual([
      'Escriba el identificador del software.',
      'Escriba el dígito de verificación del proveedor: un dígito del 0 al 9.',
    ]);
    const range = checkInput(resolutionSchema, { ...demoResolution, from: '10', to: '9', technicalKey: '' });
    expect(!range.ok && range.errors.map((e) => e.field).sort()).toEqual(['technicalKey', 'to']);
  });

  it('refuses a range that ends before it starts, and throws TENANT_INVALID with the field for the CLI', () => {
    expect(() => parseInput(resolutionSchema, { ...demoResolution, from: '10', to: '9' })).toThrowError(
      expect.objectContaining({ code: 'TENANT_INVALID', message: expect.stringContaining('to:') }),
    );
    expect(() => parseInput(softwareSchema, { ...demoSoftware, providerDv: 0 })).toThrowError(
      expect.objectContaining({ code: 'TENANT_INVALID' }),
    );
  });
});
