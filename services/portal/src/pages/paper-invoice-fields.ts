import type { ErrorBody } from '@fe/contracts';
import type { FieldErrors } from '../html/form.ts';

/**
 * The paper invoice form (docs/portal.md, "A sale documented on paper"): its fields are named by the API's paths
 * (`customer.name`, `lines.0.quantity`), so an error body's `details[].path` names the field at fault.
 */
export const MAX_PAPER_LINES = 50;

/** One line as typed; `tax` is `none` or a code and rate, `01:19`. */
export type PaperLine = { code: string; name: string; quantity: string; unit_price: string; tax: string };

export type PaperForm = {
  formId: string;
  values: Readonly<Record<string, string>>;
  lines: PaperLine[];
};

export const paperLabels: Readonly<Record<string, string>> = {
  'paper_document.number': 'Número de la factura de papel',
  'paper_document.issue_date': 'Fecha de la factura de papel',
  'customer.document_type': 'Tipo de documento del comprador',
  'customer.document_number': 'Número de documento (sin DV)',
  'customer.check_digit': 'DV (solo NIT, opcional)',
  'customer.name': 'Nombre o razón social del comprador',
  'customer.email': 'Correo del comprador (opcional)',
  'payment.method_code': 'Medio de pago',
  'payment.due_date': 'Fecha de vencimiento (solo a crédito)',
};

const lineLabels: Readonly<Record<keyof PaperLine, string>> = {
  code: 'Código',
  name: 'Descripción',
  quantity: 'Cantidad',
  unit_price: 'Precio unitario',
  tax: 'Impuesto',
};

/** A line field's label, numbered as the page shows it ("Cantidad (línea 2)"). */
export const lineLabel = (part: keyof PaperLine, index: number): string => `${lineLabels[part]} (línea ${index + 1})`;

export const documentTypes = [
  { value: '13', label: 'Cédula de ciudadanía' },
  { value: '31', label: 'NIT' },
  { value: '22', label: 'Cédula de extranjería' },
  { value: '41', label: 'Pasaporte' },
  { value: '42', label: 'Documento de identificación extranjero' },
] as const;

export const taxChoices = [
  { value: 'none', label: 'Sin impuesto (excluido)' },
  { value: '01:19', label: 'IVA 19 %' },
  { value: '01:5', label: 'IVA 5 %' },
  { value: '01:0', label: 'IVA 0 % (exento)' },
  { value: '04:8', label: 'INC 8 %' },
] as const;

export const paymentMethods = [
  { value: '10', label: 'Efectivo' },
  { value: '47', label: 'Transferencia débito bancaria' },
  { value: '48', label: 'Tarjeta crédito' },
  { value: '49', label: 'Tarjeta débito' },
  { value: '42', label: 'Consignación bancaria' },
] as const;

/** What is wrong, said of the field at fault whatever the API's code (its own message is for integrators). */
const fieldWords: Readonly<Record<string, string>> = {
  'paper_document.number': 'Escriba el número impreso en la factura de papel (hasta 40 caracteres).',
  'paper_document.issue_date': 'Escriba la fecha de la factura de papel: una fecha real, no posterior a hoy.',
  'customer.document_type': 'Elija el tipo de documento del comprador.',
  'customer.document_number':
    'Revise el número de documento del comprador: un NIT lleva de 6 a 10 dígitos y un DV que le corresponda.',
  'customer.check_digit': 'El DV no corresponde al NIT del comprador.',
  'customer.name': 'Escriba el nombre o la razón social del comprador.',
  'customer.email': 'Escriba un correo válido, o déjelo vacío.',
  'payment.method_code': 'Elija el medio de pago.',
  'payment.due_date': 'La fecha de vencimiento no puede ser anterior a la de hoy.',
  code: 'Escriba el código del producto o servicio.',
  name: 'Escriba la descripción del producto o servicio.',
  quantity: 'La cantidad debe ser un número mayor que 0, con hasta 6 decimales.',
  unit_price: 'El precio unitario debe ser un número, con hasta 6 decimales.',
  tax: 'Elija un impuesto de la lista: la tarifa no es válida para ese impuesto.',
};

/** The API's refusals that are about no one field, in Spanish. */
const refusalWords: Readonly<Record<string, string>> = {
  UNAUTHORIZED: 'La empresa no tiene una clave de API vigente: emita una en Ajustes.',
  TENANT_NOT_READY: 'La empresa aún no puede facturar: le falta un certificado vigente o una resolución de numeración.',
  NUMBER_OUT_OF_RANGE: 'La resolución de numeración se agotó o venció: registre una nueva.',
  AMOUNTS_INCONSISTENT: 'Los valores de la factura no cuadran: revise cantidades y precios.',
  IDEMPOTENCY_IN_PROGRESS: 'Esta factura ya se está emitiendo (un segundo clic): véala en Facturas en un momento.',
  RATE_LIMITED: 'Demasiadas facturas en poco tiempo: espere un momento y envíela de nuevo.',
  UNAVAILABLE: 'El servicio no pudo guardar la factura: nada quedó emitido. Inténtelo de nuevo en un momento.',
};

/** The form's text field, trimmed ('' when absent). */
const textOf = (body: Record<string, unknown>, name: string): string =>
  typeof body[name] === 'string' ? (body[name] as string).trim() : '';

/** A decimal as Colombians may type it (1.500,50 or 1500.50): the API takes a dot for the decimals, no thousands. */
const decimalOf = (typed: string): string =>
  typed.includes(',') ? typed.replace(/\./g, '').replace(',', '.') : typed.replace(/\s/g, '');

/** The posted form: its values, its lines in their order (a row left blank is no line). */
export function readPaperForm(body: Record<string, unknown>, fallbackFormId: string): PaperForm {
  const values = Object.fromEntries(Object.keys(paperLabels).map((name) => [name, textOf(body, name)]));
  const indices = [
    ...new Set(
      Object.keys(body)
        .map((key) => /^lines\.(\d{1,3})\.[a-z_]+$/.exec(key)?.[1])
        .filter((i): i is string => i !== undefined)
        .map(Number),
    ),
  ].sort((a, b) => a - b);
  const lines = indices
    .map((i) => ({
      code: textOf(body, `lines.${i}.code`),
      name: textOf(body, `lines.${i}.name`),
      quantity: textOf(body, `lines.${i}.quantity`),
      unit_price: textOf(body, `lines.${i}.unit_price`),
      tax: textOf(body, `lines.${i}.tax`) || 'none',
    }))
    .filter((line) => line.code || line.name || line.quantity || line.unit_price);
  const formId = textOf(body, 'form_id');
  return { formId: /^[0-9a-f-]{36}$/.test(formId) ? formId : fallbackFormId, values, lines };
}

/** The invoice request the API takes (contracts/src/api/invoice-request.ts), from what was typed. */
export function paperInvoiceRequest(form: PaperForm): Record<string, unknown> {
  const v = form.values;
  const optional = (name: string, value: string) => (value ? { [name]: value } : {});
  return {
    paper_document: { number: v['paper_document.number'], issue_date: v['paper_document.issue_date'] },
    customer: {
      document_type: v['customer.document_type'],
      document_number: v['customer.document_number'],
      ...optional('check_digit', v['customer.check_digit']!),
      name: v['customer.name'],
      ...optional('email', v['customer.email']!),
    },
    lines: form.lines.map((line) => {
      const [code, rate] = line.tax.split(':');
      return {
        code: line.code,
        name: line.name,
        quantity: decimalOf(line.quantity),
        unit_price: decimalOf(line.unit_price),
        taxes: rate === undefined ? [] : [{ code, name: code === '04' ? 'INC' : 'IVA', rate }],
      };
    }),
    payment: { method_code: v['payment.method_code'], ...optional('due_date', v['payment.due_date']!) },
  };
}

/** The form field an API path is about: the field of that name, a line's tax for its taxes, the first line for none. */
function fieldOfPath(path: string, lineCount: number): string | undefined {
  if (Object.hasOwn(paperLabels, path)) return path;
  if (path === 'lines' || (path.startsWith('lines') && lineCount === 0)) return 'lines.0.code';
  const line = /^lines\.(\d+)\.(code|name|quantity|unit_price|taxes)/.exec(path);
  if (line) return `lines.${line[1]}.${line[2] === 'taxes' ? 'tax' : line[2]}`;
  const customer = /^(paper_document|customer|payment)\.[a-z_]+/.exec(path)?.[0];
  return customer && Object.hasOwn(paperLabels, customer) ? customer : undefined;
}

/**
 * The API's refusal as the form shows it: each detail beside its field in Spanish, and a sentence for the summary
 * (the code travels beside it).
 */
export function paperRefusal(
  error: ErrorBody['error'] | undefined,
  status: number,
  lineCount: number,
): { code: string; sentence: string; errors: FieldErrors } {
  const code = error?.code ?? `HTTP_${status}`;
  const errors: Record<string, string> = {};
  for (const detail of error?.details ?? []) {
    const name = fieldOfPath(detail.path, lineCount);
    if (!name || errors[name]) continue;
    const part = name.startsWith('lines.') ? name.slice(name.lastIndexOf('.') + 1) : name;
    errors[name] = name === 'lines.0.code' && lineCount === 0 ? 'Escriba al menos una línea.' : fieldWords[part]!;
  }
  const sentence =
    refusalWords[code] ??
    (Object.keys(errors).length
      ? 'La factura no se emitió: corrija los campos marcados.'
      : 'La factura no se emitió. Revise los datos e inténtelo de nuevo.');
  return { code, sentence, errors };
}
