import { describe, expect, it } from 'vitest';
import { readDianSpec } from '../../test-support/dian-spec.ts';
import { generateCodelist, parseGenericode } from '../codelists/genericode.ts';
import { claimReasons } from './claim-reasons.ts';
import { radianEvents } from './event-codes.ts';

const gc = readDianSpec('codelists/EventoDocumento-2.1.gc');

describe("the supported events against DIAN's EventoDocumento-2.1.gc", () => {
  it('are 030–034, 036 and 037, each named by the list as amended', () => {
    const ours = Object.fromEntries(Object.values(radianEvents).map((e) => [e.code, e.name]));
    expect(Object.keys(ours)).toEqual(['030', '031', '032', '033', '034', '036', '037']);
    expect(ours).toEqual(generateCodelist('document-events', gc));
  });

  it('share with the 2019 file the codes 030–033 only, whose names the file gives other meanings', () => {
    const dian = parseGenericode(gc);
    expect(Object.keys(dian)).toEqual(['02', '030', '031', '032', '033', '040', '041']);
    expect(dian).toMatchObject({ '030': 'Solicitación de Corrección en Documento', '031': 'Rechazo de Documento' });
    const absent = Object.keys(radianEvents).filter((code) => !Object.hasOwn(dian, code));
    expect(absent).toEqual(['034', '036', '037']);
  });

  it("take operation types, persons and DIAN as receiver as DIAN's examples and peers do (docs/radian.md)", () => {
    const summary = Object.values(radianEvents).map((e) => [e.code, e.operationTypes.join('|'), e.person, e.toDian]);
    expect(summary).toEqual([
      ['030', '1', true, false],
      ['031', '1', false, false],
      ['032', '1', true, false],
      ['033', '1', true, false],
      ['034', '1', false, true],
      ['036', '361|362|363|364', false, true],
      ['037', '371|372', false, false],
    ]);
  });
});

it('claim reasons are the four of Res. 000085/2022', () => {
  expect(claimReasons).toEqual({
    '01': 'Documento con inconsistencias',
    '02': 'Mercancía no entregada totalmente',
    '03': 'Mercancía no entregada parcialmente',
    '04': 'Servicio no prestado',
  });
});
