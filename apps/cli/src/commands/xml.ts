import { randomUUID } from 'node:crypto';
import type { ErrorBody } from '@fe/contracts';
import {
  buildInvoiceXml,
  checkNumberInRange,
  colombiaDateTime,
  demoResolution,
  demoSoftware,
  demoTenant,
  environments,
  validateInvoiceRequest,
  type DomainError,
} from '@fe/dian-domain';

export type CommandOutput = { exitCode: number; stdout: string; stderr: string };

export const xmlUsage = `  xml <request.json>   print the unsigned UBL 2.1 invoice for the request, issued now,
                       for the built-in demo tenant; a bad request prints the error body
                       and exits 1
`;
export const xmlExample = '  pnpm fe xml examples/invoice-request.json > invoice.xml\n';

/**
 * `pnpm fe xml <request.json>`: the unsigned demo invoice for a request, numbered from the request or the range start.
 */
export function xmlCommand(requestText: string, now: Date): CommandOutput {
  let body: unknown;
  try {
    body = JSON.parse(requestText);
  } catch {
    return errorOutput({ code: 'MALFORMED_JSON', message: 'The request file is not JSON.', details: [] });
  }
  const issue = colombiaDateTime(now);
  const validated = validateInvoiceRequest(body, { issueDate: issue.date });
  if (!validated.ok) return errorOutput(validated.error);
  const invoice = validated.value;
  if (invoice.prefix !== undefined && invoice.prefix !== demoResolution.prefix) {
    return errorOutput({
      code: 'NUMBER_OUT_OF_RANGE',
      message: 'The demo tenant has no resolution with that prefix.',
      details: [{ path: 'prefix', message: `the demo tenant's prefix is ${demoResolution.prefix}` }],
    });
  }
  const number = String(invoice.number ?? demoResolution.from);
  const inRange = checkNumberInRange(demoResolution, number, issue.date);
  if (!inRange.ok) return errorOutput(inRange.error);

  const built = buildInvoiceXml({
    invoice,
    tenant: demoTenant,
    resolution: demoResolution,
    number,
    software: demoSoftware,
    environment: environments.habilitacion,
    issuedAt: now,
  });
  return {
    exitCode: 0,
    stdout: built.xml + '\n',
    stderr: `${built.documentId} cufe ${built.cufe}\n`,
  };
}

function errorOutput(error: DomainError): CommandOutput {
  const body: ErrorBody = { success: false, error, request_id: `cli-${randomUUID()}` };
  return { exitCode: 1, stdout: JSON.stringify(body, null, 2) + '\n', stderr: '' };
}
