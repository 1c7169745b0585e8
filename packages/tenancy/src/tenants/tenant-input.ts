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
 * The tenant shapes accepted from a person, with Spanish messages the portal shows beside the field at fault; the
 * registry checks consistency again.
 */
const digits = (min: number, max: number, label: string) =>
  z.string().regex(new RegExp(`^\\d{${min},${max}}$`), `${label}: solo dígitos (${min} a ${max})`);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'fecha con formato AAAA-MM-DD');
const fiscalResponsibilities = ['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN'] as const;

const nitMatchesDv = (nit: string, dv: number) => {
  const parsed = parseNit(nit);
  return parsed.ok && parsed.value.dv === dv;
};

const company = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'identificador: letras, dígitos, "-" o "_" (hasta 64)'),
    nit: digits(5, 10, 'NIT'),
    dv: z.number().int().min(0).max(9),
    legalName: z.string().trim().min(1, 'escriba la razón social').max(450),
    tradeName: z.string().trim().max(450).optional(),
    personType: z.enum(['1', '2']),
    taxLevelCodes: z
      .array(z.enum(fiscalResponsibilities))
      .min(1, 'elija al menos una responsabilidad fiscal (R-99-PN si no tiene)'),
    taxScheme: z.enum(['01', '04', 'ZA', 'ZZ']),
    address: z.object({
      line: z.string().trim().min(1, 'escriba la dirección').max(200),
      cityCode: z.string().refine(isMunicipalityCode, 'elija un municipio de la lista de la DIAN'),
      postalZone: digits(6, 6, 'código postal').optional(),
    }),
    email: z.email('correo no válido').optional(),
    phone: z.string().max(30).optional(),
  })
  .refine((c) => nitMatchesDv(c.nit, c.dv), {
    path: ['dv'],
    message: 'el dígito de verificación no corresponde al NIT',
  });

const software = z
  .object({
    id: z.string().trim().min(1, 'escriba el identificador del software').max(100),
    pin: z.string().min(1, 'escriba el PIN del software').max(100),
    providerNit: digits(5, 10, 'NIT del proveedor'),
    providerDv: z.number().int().min(0).max(9),
    providerName: z.string().trim().min(1, 'escriba el nombre del proveedor').max(450),
  })
  .refine((s) => nitMatchesDv(s.providerNit, s.providerDv), {
    path: ['providerDv'],
    message: 'el dígito de verificación no corresponde al NIT del proveedor',
  });

const resolution = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'identificador: letras, dígitos, "-" o "_"'),
    authorizationNumber: digits(1, 20, 'número de resolución'),
    prefix: z.string().regex(/^[A-Za-z0-9]{0,4}$/, 'prefijo: hasta 4 letras o dígitos'),
    from: digits(1, 10, 'desde'),
    to: digits(1, 10, 'hasta'),
    startDate: date,
    endDate: date,
    technicalKey: z.string().regex(/^[0-9a-f]{1,128}$/, 'clave técnica: hexadecimal en minúsculas'),
  })
  .refine((r) => BigInt(r.from) <= BigInt(r.to), { path: ['to'], message: 'el rango termina antes de empezar' })
  .refine((r) => r.startDate <= r.endDate, { path: ['endDate'], message: 'la vigencia termina antes de empezar' });

const noteSeries = z
  .object({
    prefix: z.string().regex(/^[A-Za-z0-9]{1,4}$/, 'prefijo: 1 a 4 letras o dígitos'),
    from: digits(1, 10, 'desde'),
    to: digits(1, 10, 'hasta'),
  })
  .refine((r) => BigInt(r.from) <= BigInt(r.to), { path: ['to'], message: 'el rango termina antes de empezar' });

const noteNumbering = z
  .object({ credit: noteSeries, debit: noteSeries })
  .refine((n) => n.credit.prefix !== n.debit.prefix, {
    path: ['debit', 'prefix'],
    message: 'las notas crédito y débito necesitan prefijos distintos',
  });

const newTenant = z.object({
  tenant: company,
  environment: z.enum(['1', '2']),
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
