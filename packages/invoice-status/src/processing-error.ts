import type { CreateInvoiceResponse, ProcessingStep } from '@fe/contracts';
import type { InvoiceStatusView } from './invoice-status.ts';

type ProcessingError = NonNullable<CreateInvoiceResponse['processing_error']>;

const STEP_NAMES: Record<ProcessingStep, string> = {
  signing: 'La firma de la factura',
  rendering: 'La generación del PDF',
  submission: 'El envío a la DIAN',
  notification: 'El correo al comprador',
};

// What an operator most often has to fix, per stable code; any other code is named as is.
const CAUSES: Record<string, string> = {
  SOAP_FAULT_CLIENT:
    'la DIAN no aceptó la conexión firmada: no confía en la entidad que emitió el certificado de firma, o la petición ' +
    'no es válida; con el simulador incluido, agregue esa entidad a su lista de confianza',
  CREDENTIAL_MISSING: 'el emisor no tiene certificado de firma cargado',
  CREDENTIAL_INVALID: 'el certificado del emisor no se pudo leer o no está vigente',
  CREDENTIAL_REVOKED:
    'la entidad de certificación revocó el certificado de firma del emisor (la DIAN lo rechazaría, regla ZD04): ' +
    'cargue un certificado vigente',
  TENANT_UNKNOWN: 'el emisor no está registrado',
  ATTEMPTS_EXHAUSTED: 'la DIAN no respondió en ninguno de los intentos permitidos',
  APPLICATION_RESPONSE_UNTRUSTED: 'la respuesta de la DIAN no está firmada por un certificado de confianza',
  TLS_FAILED: 'el certificado TLS del servicio de la DIAN no se pudo verificar',
  HTTP_4XX: 'la DIAN rechazó la petición HTTP',
};

/** `processing_error` of an answer, in Spanish like the rest of what a person reads (docs/api.md, "Invoice states"). */
export function processingError(halt: NonNullable<InvoiceStatusView['processingHalt']>): ProcessingError {
  const cause = CAUSES[halt.code];
  const attempts = halt.attempts === 1 ? '1 intento' : `${halt.attempts} intentos`;
  return {
    step: halt.step,
    code: halt.code,
    message:
      `${STEP_NAMES[halt.step]} falló de forma definitiva tras ${attempts} (${halt.code}` +
      `${cause ? `: ${cause}` : ''}). La factura conserva su número y espera que el operador corrija la causa ` +
      'y la reenvíe (pnpm fe redrive); no la emita de nuevo.',
    at: halt.at,
  };
}
