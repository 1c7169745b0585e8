import {
  isMunicipalityCode,
  parseNit,
  type NumberingResolution,
  type SoftwareRegistration,
  type Tenant,
} from '@fe/dian-domain';
import { z } from 'zod';
import { TenancyError } from '../errors.ts';
import type { NoteNumbering } from '../notes/note-numbering.ts';
import type { NewTenant } from './new-tenant.ts';

/**
 * The tenant shapes accepted from a person, each refusal a Spanish sentence the portal shows beside the field at
 * fault (no zod default reaches a person); the registry checks consistency again.
 */
const digits = (min: number, max: number, label: string) =>
  z.string({ error: `Escriba ${label}.` }).regex(new RegExp(`^\\d{${min},${max}}$`), {
    error: (issue) =>
      issue.input === ''
        ? `Escriba ${label}.`
        : `${label[0]!.toUpperCase()}${label.slice(1)} lleva solo dígitos, de ${min} a ${max}.`,
  });
const date = z.string({ error: 'Escriba la fecha.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Escriba la fecha como AAAA-MM-DD.');
const text = (max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `Escriba como máximo ${max} caracteres.`);
const optionalText = (max: number) => z.string().trim().max(max, `Escriba como máximo ${max} caracteres.`).optional();
const checkDigit = (missing: string) => z.number({ error: missing }).int(missing).min(0, missing).max(9, missing);
const fiscalResponsibilities = ['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN'] as const;

const nitMatchesDv = (nit: string, dv: number) => {
  const parsed = parseNit(nit);
  return parsed.ok && parsed.value.dv === dv;
};
/** Whether a NIT and its DV each read well, so their match is checked in the same round as every other field. */
const nitAndDvRead = (value: unknown, nitKey: string, dvKey: string) => {
  const v = value as Record<string, unknown> | undefined;
  return typeof v?.[nitKey] === 'string' && /^\d{5,10}$/.test(v[nitKey]) && Number.isInteger(v[dvKey]);
};

const company = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'Identificador: letras, dígitos, "-" o "_" (hasta 64).'),
    nit: digits(5, 10, 'el NIT'),
    dv: checkDigit('Escriba el dígito de verificación (DV): un dígito del 0 al 9.'),
    legalName: text(450, 'Escriba la razón social.'),
    tradeName: optionalText(450),
    personType: z.enum(['1', '2'], { error: 'Elija el tipo de persona.' }),
    taxLevelCodes: z
      .array(z.enum(fiscalResponsibilities, { error: 'Elija responsabilidades fiscales de la lista.' }), {
        error: 'Elija al menos una responsabilidad fiscal (R-99-PN si no tiene).',
      })
      .min(1, 'Elija al menos una responsabilidad fiscal (R-99-PN si no tiene).'),
    taxScheme: z.enum(['01', '04', 'ZA', 'ZZ'], { error: 'Elija el régimen de impuestos.' }),
    address: z.object({
      line: text(200, 'Escriba la dirección.'),
      cityCode: z
        .string({ error: 'Elija un municipio de la lista de la DIAN.' })
        .refine(isMunicipalityCode, 'Elija un municipio de la lista de la DIAN.'),
      postalZone: digits(6, 6, 'el código postal').optional(),
    }),
    email: z.email('Escriba un correo válido, como facturas@empresa.com.').optional(),
    receptionEmail: z
      .email('Escriba el correo de recepción registrado en la DIAN, como recepcion@empresa.com.')
      .optional(),
    phone: optionalText(30),
  })
  .refine((c) => nitMatchesDv(c.nit, c.dv), {
    path: ['dv'],
    message: 'El dígito de verificación no corresponde al NIT.',
    when: (payload) => nitAndDvRead(payload.value, 'nit', 'dv'),
  });

const software = z
  .object({
    id: text(100, 'Escriba el identificador del software.'),
    pin: z
      .string({ error: 'Escriba el PIN del software.' })
      .min(1, 'Escriba el PIN del software.')
      .max(100, 'Escriba como máximo 100 caracteres.'),
    providerNit: digits(5, 10, 'el NIT del proveedor'),
    providerDv: checkDigit('Escriba el dígito de verificación del proveedor: un dígito del 0 al 9.'),
    providerName: text(450, 'Escriba el nombre del proveedor.'),
  })
  .refine((s) => nitMatchesDv(s.providerNit, s.providerDv), {
    path: ['providerDv'],
    message: 'El dígito de verificación no corresponde al NIT del proveedor.',
    when: (payload) => nitAndDvRead(payload.value, 'providerNit', 'providerDv'),
  });

const resolution = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'Identificador: letras, dígitos, "-" o "_".'),
    authorizationNumber: digits(1, 20, 'el número de resolución'),
    prefix: z.string().regex(/^[A-Za-z0-9]{0,4}$/, 'Prefijo: hasta 4 letras o dígitos.'),
    from: digits(1, 10, 'el número inicial'),
    to: digits(1, 10, 'el número final'),
    startDate: date,
    endDate: date,
    technicalKey: z
      .string({ error: 'Escriba la clave técnica.' })
      .regex(/^[0-9a-f]{1,128}$/, 'Clave técnica: hexadecimal en minúsculas (0-9, a-f).'),
  })
  .refine((r) => BigInt(r.from) <= BigInt(r.to), {
    path: ['to'],
    message: 'El rango termina antes de empezar.',
    when: (payload) => bothRead(payload.value, 'from', 'to', /^\d{1,10}$/),
  })
  .refine((r) => r.startDate <= r.endDate, {
    path: ['endDate'],
    message: 'La vigencia termina antes de empezar.',
    when: (payload) => bothRead(payload.value, 'startDate', 'endDate', /^\d{4}-\d{2}-\d{2}$/),
  });

/** Whether two fields both read as `pattern`, so a check between them runs with every other field's. */
function bothRead(value: unknown, a: string, b: string, pattern: RegExp): boolean {
  const v = value as Record<string, unknown> | undefined;
  return [v?.[a], v?.[b]].every((x) => typeof x === 'string' && pattern.test(x));
}

const noteSeries = z
  .object({
    prefix: z.string({ error: 'Escriba el prefijo.' }).regex(/^[A-Za-z0-9]{1,4}$/, 'Prefijo: 1 a 4 letras o dígitos.'),
    from: digits(1, 10, 'el número inicial'),
    to: digits(1, 10, 'el número final'),
  })
  .refine((r) => BigInt(r.from) <= BigInt(r.to), {
    path: ['to'],
    message: 'El rango termina antes de empezar.',
    when: (payload) => bothRead(payload.value, 'from', 'to', /^\d{1,10}$/),
  });

const noteNumbering = z
  .object({ credit: noteSeries, debit: noteSeries })
  .refine((n) => n.credit.prefix !== n.debit.prefix, {
    path: ['debit', 'prefix'],
    message: 'Las notas crédito y débito necesitan prefijos distintos.',
    when: (payload) => {
      const v = payload.value as { credit?: { prefix?: unknown }; debit?: { prefix?: unknown } } | undefined;
      return typeof v?.credit?.prefix === 'string' && typeof v.debit?.prefix === 'string';
    },
  });

const newTenant = z.object({
  tenant: company,
  environment: z.enum(['1', '2'], { error: 'Elija el ambiente: 1 (producción) o 2 (habilitación).' }),
  software,
  resolutions: z.array(resolution),
  activeResolutionId: z.string().optional(),
});

// Typed as the domain's types: an absent optional field parses to an absent key, which is what
// exactOptionalPropertyTypes wants (zod's inferred type also admits an explicit undefined).
export const companySchema = company as unknown as z.ZodType<Tenant>;
export const softwareSchema = software as unknown as z.ZodType<SoftwareRegistration>;
export const resolutionSchema = resolution as unknown as z.ZodType<NumberingResolution>;
export const newTenantSchema = newTenant as unknown as z.ZodType<NewTenant>;
export const noteNumberingSchema = noteNumbering as unknown as z.ZodType<NoteNumbering>;

export type FieldError = { field: string; message: string };
export type InputResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** Every field at fault, by dotted path (`address.cityCode`), for a form to show beside each field. */
export function checkInput<T>(schema: z.ZodType<T>, value: unknown): InputResult<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
  };
}

/** The value, or TENANT_INVALID naming the first field at fault (for the CLI). */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = checkInput(schema, value);
  if (!result.ok)
    throw new TenancyError('TENANT_INVALID', result.errors.map((e) => `${e.field}: ${e.message}`).join('; '));
  return result.value;
}
