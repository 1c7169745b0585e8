import { createHash } from 'node:crypto';
import { CanonicalXmlWriter, ublNamespaces as ns } from '@fe/dian-domain';
import type { RuleDefinition } from '../rules/catalogue.ts';

const DIAN = { name: 'Unidad Especial Dirección de Impuestos y Aduanas Nacionales', nit: '800197268', dv: '4' };

export type ApplicationResponseInput = {
  /** DIAN's internal consecutive for the AR. */
  id: string;
  environment: '1' | '2';
  /** Validation instant: its UTC date and time are written, as DIAN's own ARs do (+00:00). */
  validatedAt: Date;
  receiver: { nit: string; dv: string | null; name: string };
  document: { id: string; cufe: string };
  notifications: readonly RuleDefinition[];
  statusMessage: string;
};

/**
 * DIAN's ApplicationResponse for an accepted document (reference §9.2), unsigned, in canonical form
 * with every namespace on the root and an empty ext:UBLExtensions for the signature: ResponseCode
 * 02 "Documento validado por la DIAN", one LineResponse per notification and a last one with the
 * status message.
 */
export function buildApplicationResponse(input: ApplicationResponseInput): string {
  const w = new CanonicalXmlWriter();
  const iso = input.validatedAt.toISOString();
  const issueDate = iso.slice(0, 10);
  const issueTime = `${iso.slice(11, 19)}+00:00`;
  w.open('ApplicationResponse', {
    xmlns: 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2',
    'xmlns:cac': ns.cac, 'xmlns:cbc': ns.cbc, 'xmlns:ds': ns.ds, 'xmlns:ext': ns.ext, 'xmlns:sts': ns.sts,
    'xmlns:xades': ns.xades, 'xmlns:xades141': ns.xades141,
  });
  w.open('ext:UBLExtensions');
  w.close();
  w.leaf('cbc:UBLVersionID', 'UBL 2.1');
  w.leaf('cbc:CustomizationID', '1');
  w.leaf('cbc:ProfileID', 'DIAN 2.1');
  w.leaf('cbc:ProfileExecutionID', input.environment);
  w.leaf('cbc:ID', input.id);
  const cude = createHash('sha384').update(`${input.id}${issueDate}${issueTime}${DIAN.nit}${input.receiver.nit}02${input.document.id}01`).digest('hex');
  w.leaf('cbc:UUID', cude, { schemeName: 'CUDE-SHA384' });
  w.leaf('cbc:IssueDate', issueDate);
  w.leaf('cbc:IssueTime', issueTime);
  party(w, 'cac:SenderParty', DIAN);
  party(w, 'cac:ReceiverParty', { name: input.receiver.name, nit: input.receiver.nit, dv: input.receiver.dv });
  w.open('cac:DocumentResponse');
  w.open('cac:Response');
  w.leaf('cbc:ResponseCode', '02');
  w.leaf('cbc:Description', 'Documento validado por la DIAN');
  w.close();
  w.open('cac:DocumentReference');
  w.leaf('cbc:ID', input.document.id);
  w.leaf('cbc:UUID', input.document.cufe, { schemeName: 'CUFE-SHA384' });
  w.close();
  const lines = [...input.notifications.map((n) => [n.code, n.message] as const), ['0000', input.statusMessage] as const];
  lines.forEach(([code, text], i) => {
    w.open('cac:LineResponse');
    w.open('cac:LineReference');
    w.leaf('cbc:LineID', String(i + 1));
    w.close();
    w.open('cac:Response');
    w.leaf('cbc:ResponseCode', code);
    w.leaf('cbc:Description', text);
    w.close();
    w.close();
  });
  w.close();
  w.close();
  return w.finish();
}

function party(w: CanonicalXmlWriter, element: string, p: { name: string; nit: string; dv: string | null }): void {
  w.open(element);
  w.open('cac:PartyTaxScheme');
  w.leaf('cbc:RegistrationName', p.name);
  w.leaf('cbc:CompanyID', p.nit, { schemeAgencyID: '195', ...(p.dv === null ? {} : { schemeID: p.dv }), schemeName: '31' });
  w.open('cac:TaxScheme');
  w.leaf('cbc:ID', '01');
  w.leaf('cbc:Name', 'IVA');
  w.close();
  w.close();
  w.close();
}
