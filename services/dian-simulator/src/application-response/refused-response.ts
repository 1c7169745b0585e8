import type { SimulatedDianResponse } from '../store/store.ts';

/** DIAN's answer to a document or event it refuses: status 99 and the rules' messages, no ApplicationResponse. */
export function refusedResponse(refused: {
  errorMessages: string[];
  xmlDocumentKey: string | undefined;
  xmlFileName: string | undefined;
}): SimulatedDianResponse {
  return {
    ...refused,
    isValid: false,
    statusCode: '99',
    statusDescription: 'Validación contiene errores en campos mandatorios.',
    statusMessage: undefined,
    xmlBase64Bytes: undefined,
  };
}
