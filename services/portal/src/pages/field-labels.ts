/** The onboarding forms' field labels: beside each control, and in the error summary's link to it. */
export const companyLabels = {
  legalName: 'Razón social',
  tradeName: 'Nombre comercial (opcional)',
  nit: 'NIT (sin dígito de verificación)',
  dv: 'Dígito de verificación (DV)',
  personType: 'Tipo de persona',
  taxScheme: 'Régimen de impuestos',
  taxLevelCodes: 'Responsabilidades fiscales',
  addressLine: 'Dirección',
  cityCode: 'Municipio (lista DIAN)',
  postalZone: 'Código postal (opcional)',
  email: 'Correo de facturación (opcional)',
  receptionEmail: 'Correo de recepción registrado en la DIAN (opcional)',
  phone: 'Teléfono (opcional)',
} as const;
export const softwareLabels = {
  id: 'Identificador del software (SoftwareID)',
  pin: 'PIN del software',
  testSetId: 'Identificador del set de pruebas (TestSetId)',
  providerNit: 'NIT del proveedor del software',
  providerDv: 'DV del proveedor',
  providerName: 'Nombre del proveedor',
} as const;
export const certificateLabels = {
  p12: 'Certificado de firma digital (.p12 o .pfx)',
  password: 'Contraseña del certificado',
} as const;
export const resolutionLabels = {
  authorizationNumber: 'Número de resolución',
  prefix: 'Prefijo',
  from: 'Desde (número)',
  to: 'Hasta (número)',
  startDate: 'Vigente desde',
  endDate: 'Vigente hasta',
  technicalKey: 'Clave técnica',
} as const;
