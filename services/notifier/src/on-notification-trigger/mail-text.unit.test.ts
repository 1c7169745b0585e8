import { demoTenant } from '@fe/dian-domain';
import { describe, expect, it } from 'vitest';
import { mailText } from './mail-text.ts';

const base = { buyerName: 'Cliente S.A.S.', tenant: demoTenant, zipName: 'z1.zip' };
const lines = (text: string) => text.split('\r\n');

describe('mailText', () => {
  it('names an invoice as before: factura electrónica de venta, its CUFE, the signed invoice', () => {
    const text = lines(mailText({ ...base, kind: 'invoice', number: 'SETP990000001', cufe: 'c'.repeat(96) }));
    expect(text).toContain(
      `Les enviamos la factura electrónica de venta SETP990000001 emitida por ${demoTenant.legalName} (NIT ${demoTenant.nit}) y validada por la DIAN.`,
    );
    expect(text).toContain(`CUFE: ${'c'.repeat(96)}`);
    expect(text.join(' ')).toContain('con la factura firmada y la respuesta');
    expect(text.join(' ')).not.toContain('Corrige');
  });

  it('names a credit note, its CUDE and the invoice it corrects', () => {
    const text = lines(
      mailText({
        ...base,
        kind: 'credit_note',
        number: 'NC1001',
        cufe: 'd'.repeat(96),
        referencedInvoice: { number: 'SETP990000001', cufe: 'c'.repeat(96) },
      }),
    );
    expect(text).toContain(
      `Les enviamos la nota crédito electrónica NC1001 emitida por ${demoTenant.legalName} (NIT ${demoTenant.nit}) y validada por la DIAN.`,
    );
    expect(text).toContain(`Corrige la factura electrónica de venta SETP990000001 (CUFE: ${'c'.repeat(96)}).`);
    expect(text).toContain(`CUDE: ${'d'.repeat(96)}`);
    expect(text.join(' ')).toContain('con la nota crédito firmada y la respuesta');
    expect(text.join(' ')).not.toContain('factura firmada');
  });

  it('says a note without a referenced invoice (22/32) corrects no invoice in particular', () => {
    const text = lines(mailText({ ...base, kind: 'credit_note', number: 'NC9', cufe: 'd'.repeat(96) }));
    expect(text).toContain('Es una nota sin factura de referencia.');
    expect(text.join(' ')).not.toContain('Corrige');
  });

  it('names a debit note', () => {
    const text = mailText({
      ...base,
      kind: 'debit_note',
      number: 'ND7',
      cufe: 'e'.repeat(96),
      referencedInvoice: { number: 'SETP990000001', cufe: 'c'.repeat(96) },
    });
    expect(text).toContain('Les enviamos la nota débito electrónica ND7 emitida por');
    expect(text).toContain(`CUDE: ${'e'.repeat(96)}`);
    expect(text).toContain('con la nota débito firmada');
  });
});
