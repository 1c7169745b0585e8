import type { TenancyErrorCode } from '@fe/tenancy';
import { MAX_P12_ITERATIONS, type XadesErrorCode } from '@fe/xades';
import type { PortalErrorCode } from '../errors.ts';

/** Every refusal in words a person understands, by its stable code (the code travels beside it). */
export const certificateRefusals: Partial<Record<XadesErrorCode, { field: 'p12' | 'password'; text: string }>> = {
  P12_WRONG_PASSWORD: {
    field: 'password',
    text: 'La contraseña no abre este archivo .p12. Revise mayúsculas y espacios.',
  },
  P12_UNREADABLE: {
    field: 'p12',
    text: 'El archivo no es un certificado .p12 (PKCS#12) legible. Descárguelo de nuevo de su entidad de certificación.',
  },
  P12_NO_PRIVATE_KEY: {
    field: 'p12',
    text: 'El archivo trae el certificado pero no su llave privada: exporte el .p12 incluyendo la llave privada.',
  },
  P12_NO_CERTIFICATE: { field: 'p12', text: 'El archivo no trae el certificado que corresponde a su llave privada.' },
  CERT_EXPIRED: {
    field: 'p12',
    text: 'El certificado está vencido. Solicite uno nuevo a su entidad de certificación.',
  },
  CERT_NOT_YET_VALID: { field: 'p12', text: 'El certificado todavía no está vigente: revise la fecha de inicio.' },
  CERT_REVOKED: {
    field: 'p12',
    text: 'Su entidad de certificación revocó este certificado: la DIAN rechaza lo que se firme con él (regla ZD04). Cargue un certificado vigente.',
  },
  CERT_NO_DIGITAL_SIGNATURE: {
    field: 'p12',
    text: 'El certificado no permite firma digital (uso de llave «digitalSignature»).',
  },
  CERT_NO_NON_REPUDIATION: {
    field: 'p12',
    text: 'El certificado no permite el no repudio que exige la DIAN (uso de llave «nonRepudiation»).',
  },
  CERT_KEY_TOO_SMALL: { field: 'p12', text: 'La llave del certificado es menor de 2048 bits; la DIAN no la acepta.' },
  CERT_ITERATIONS_TOO_HIGH: {
    field: 'p12',
    text: `El archivo .p12 pide más de ${MAX_P12_ITERATIONS.toLocaleString('es-CO')} iteraciones para abrir su llave. Expórtelo de nuevo con las opciones habituales (por ejemplo, openssl pkcs12 -export sin -iter).`,
  },
  P12_LOAD_TIMEOUT: {
    field: 'p12',
    text: 'Abrir este archivo .p12 tomó demasiado tiempo y se canceló. Expórtelo de nuevo con las opciones habituales.',
  },
  CERT_NOT_ISSUERS: {
    field: 'p12',
    text: 'El certificado no es de su empresa: debe llevar el NIT de la empresa o el de su proveedor tecnológico.',
  },
};

/** CERT_NOT_ISSUERS (DIAN's ZE03) naming the NITs the certificate may carry. */
export const certificateNotIssuers = (nit: string, providerNit: string): string =>
  nit === providerNit
    ? `El certificado no es de su empresa: debe llevar el NIT ${nit}. Cargue el certificado emitido para ese NIT.`
    : `El certificado no es de su empresa: debe llevar el NIT ${nit} de la empresa o el NIT ${providerNit} de su proveedor tecnológico.`;

export const tenancyRefusals: Partial<Record<TenancyErrorCode, string>> = {
  TENANT_INVALID: 'Algún dato no es válido; revise los campos marcados.',
  TENANT_NOT_FOUND: 'Primero complete los datos de la empresa y del software DIAN.',
  API_KEY_NOT_FOUND: 'Aún no tiene una clave de API: termine la configuración inicial o emita una nueva.',
  API_KEY_EXISTS: 'Ya tiene una clave vigente; rótela en lugar de emitir otra.',
  TEST_SET_NOT_PASSED: 'El set de pruebas de habilitación aún no ha sido aceptado: no se puede pasar a producción.',
  ALREADY_IN_PRODUCTION: 'La empresa ya está en producción.',
  SECRET_UNREADABLE: 'No se pudo leer un dato cifrado. Contacte al operador del servicio.',
  GRACE_PERIOD_INVALID: 'El periodo de gracia debe ser un número de horas, cero o más.',
  TEST_CERTIFICATE_IN_PRODUCTION:
    'La empresa ya está en producción: los certificados de prueba solo sirven en habilitación. Cargue el certificado de una entidad de certificación acreditada.',
};

export const portalRefusals: Record<PortalErrorCode, string> = {
  CSRF_INVALID: 'El formulario caducó o no pertenece a esta sesión. Recargue la página e inténtelo de nuevo.',
  RATE_LIMITED: 'Demasiados intentos desde esta conexión. Espere un minuto e inténtelo de nuevo.',
  LOGIN_FAILED:
    'Correo o contraseña incorrectos, correo sin confirmar, o cuenta bloqueada temporalmente por intentos fallidos.',
  TOKEN_INVALID: 'El enlace no es válido, ya se usó o venció. Solicite uno nuevo.',
  FORM_INVALID: 'Revise los campos marcados.',
  NOT_FOUND: 'No encontramos esa página o esa factura en su cuenta.',
  UPLOAD_INVALID: 'Suba un único archivo .p12 de menos de 100 KB.',
  BODY_TYPE_UNSUPPORTED: 'El formulario llegó en un formato que esta página no recibe. Envíelo desde el formulario.',
  BODY_ENCODED: 'El formulario llegó comprimido; esta página solo lo recibe sin comprimir.',
  BODY_TOO_LARGE: 'El formulario es demasiado grande o trae demasiados campos. El certificado admite hasta 100 KB.',
  BODY_MALFORMED: 'No pudimos leer el formulario: llegó incompleto o dañado. Envíelo de nuevo.',
  STORAGE_FULL: 'El almacenamiento del servicio está lleno; no se guardó nada. Inténtelo de nuevo en unos minutos.',
  REDRIVE_FINAL: 'La DIAN ya emitió su veredicto sobre esta factura: no hay nada que reintentar.',
  REDRIVE_NOT_FAILED: 'Ningún paso de esta factura falló de forma definitiva: no hay nada que reintentar.',
  TACIT_ACCEPTANCE_GOODS_NOT_RECEIVED:
    'El comprador no ha registrado en RADIAN el recibo del bien o del servicio (evento 032): la aceptación tácita aún no procede.',
  TACIT_ACCEPTANCE_TOO_EARLY:
    'Aún no han pasado tres días hábiles desde el recibo del bien o del servicio; la página de la factura dice desde cuándo procede.',
  TACIT_ACCEPTANCE_BUYER_ANSWERED:
    'El comprador reclamó (evento 031) o aceptó expresamente (evento 033) la factura: la aceptación tácita ya no procede.',
  TACIT_ACCEPTANCE_REJECTED:
    'La DIAN rechazó la aceptación tácita. El operador del servicio puede ver sus reglas en el registro.',
  RECEIVED_INVOICE_UNREADABLE:
    'El archivo no trae una factura del proveedor: suba el zip que le enviaron, su AttachedDocument o la factura XML.',
  RECEIVED_INVOICE_CHECKS_FAILED:
    'La factura recibida no pasó sus verificaciones (ver abajo): no se pueden enviar eventos sobre ella.',
  BUYER_EVENT_OUT_OF_ORDER:
    'Los eventos van en orden: primero el acuse de recibo (030), luego el recibo del bien o servicio (032), y después el reclamo (031) o la aceptación expresa (033).',
  BUYER_EVENT_REPEATED:
    'Ese evento ya está registrado en la DIAN, o ya se registró el que lo excluye (reclamo o aceptación expresa).',
  BUYER_EVENT_PENDING:
    'El evento anterior espera todavía la respuesta de la DIAN. Recargue la página en unos segundos.',
  TITLE_VALUE_NOT_ACCEPTED:
    'El comprador no ha aceptado la factura (evento 033, o la aceptación tácita 034): aún no puede inscribirse como título valor.',
  TITLE_VALUE_CASH_INVOICE:
    'La factura es de contado (no tiene fecha de vencimiento): no puede inscribirse ni endosarse como título valor.',
  TITLE_VALUE_NOT_REGISTERED: 'La factura no está inscrita como título valor (evento 036): no puede endosarse.',
  TITLE_VALUE_NOT_HOLDER: 'Su empresa ya no es la tenedora legítima del título valor: lo endosó antes.',
  RADIAN_EVENT_REJECTED: 'La DIAN rechazó el evento. El operador del servicio puede ver sus reglas en el registro.',
  DIAN_UNAVAILABLE:
    'No fue posible consultar la DIAN en este momento; no se registró nada. Inténtelo de nuevo en unos minutos.',
};

/**
 * Why DIAN did not take a request, by the code the DIAN client or the submitter gave: the sentence an accountant reads
 * where DIAN gave no verdict of its own (the test set, the numbering lookup).
 */
const dianFailures: Partial<Record<string, string>> = {
  SOAP_FAULT_CLIENT:
    'La DIAN no aceptó la conexión firmada con su certificado: no confía en la entidad que lo emitió, o la petición no es válida. Con el simulador de la DIAN incluido, el operador del servicio debe agregar esa entidad a su lista de confianza.',
  TEST_SET_REFUSED:
    'La DIAN no reconoce el identificador del set de pruebas (TestSetId): revíselo en el paso «Software DIAN».',
  ATTEMPTS_EXHAUSTED: 'La DIAN no respondió en ninguno de los intentos permitidos.',
  TIMEOUT: 'La DIAN no respondió a tiempo.',
  CONNECTION_FAILED: 'No hubo conexión con el servicio de la DIAN.',
  CONNECTION_RESET: 'La conexión con la DIAN se cortó antes de su respuesta.',
  TLS_FAILED: 'El certificado de seguridad (TLS) del servicio de la DIAN no se pudo verificar.',
  HTTP_4XX: 'El servicio de la DIAN rechazó la petición.',
  HTTP_500: 'El servicio de la DIAN respondió con un error interno.',
  HTTP_503: 'El servicio de la DIAN no está disponible en este momento.',
  HTTP_5XX: 'El servicio de la DIAN respondió con un error.',
  SOAP_FAULT: 'El servicio de la DIAN respondió con un error.',
  RESPONSE_MALFORMED: 'La respuesta de la DIAN no se pudo leer.',
  APPLICATION_RESPONSE_UNTRUSTED: 'La respuesta de la DIAN no venía firmada por un certificado de confianza.',
  CREDENTIAL_MISSING: 'La empresa no tiene certificado de firma cargado.',
  CREDENTIAL_INVALID: 'El certificado de firma de la empresa no se pudo leer o no está vigente.',
};

/** The sentence for a DIAN failure code; an unknown code is named inside a sentence. */
export const dianFailureText = (code: string): string =>
  dianFailures[code] ?? `La DIAN no atendió la solicitud (código ${code}).`;
