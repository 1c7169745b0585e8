import { isXadesError, loadP12 } from '@fe/xades';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  allocateDocumentNames,
  createDianSoapClient,
  packageDocument,
  isDianClientError,
  readDocumentFacts,
  SqliteFileCounter,
  type DianResponse,
} from '@fe/dian-client';
import type { DataFolderIo } from './data-folder.ts';
import { parseOptions, readInput, type CommandIo } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const submitUsage = `  submit <signed.xml> --endpoint <url> --p12 <file> --password-env <VAR>
       [--timeout-ms <ms>] [--ca <pem>] [--data-dir <dir>]
                       zip the signed document (annex §6.5 names, from the data folder's file
                       counter: state.sqlite, the embedded service's), send it with SendBillSync
                       (SOAP 1.2, WS-Security with the .p12) and print DIAN's parsed answer
                       as JSON; exits 0 when accepted (00), 1 when rejected, 3 when the call
                       failed (the error's code, retriable and outcomeUnknown go to stderr)
`;
export const submitExample = `  pnpm fe submit signed.xml --endpoint http://127.0.0.1:8081/WcfDianCustomerServices.svc \\
    --p12 firma.p12 --password-env P12_PASSWORD
`;

/** `pnpm fe submit`: one document to DIAN (or the simulator) and its answer. */
export async function submitCommand(args: string[], io: CommandIo & DataFolderIo): Promise<CommandOutput> {
  const { positional, options, unknown } = parseOptions(args, [
    'endpoint',
    'p12',
    'password-env',
    'timeout-ms',
    'ca',
    'data-dir',
  ]);
  const [file] = positional;
  const endpoint = options.get('endpoint');
  const p12Path = options.get('p12');
  const passwordVar = options.get('password-env');
  const timeoutMs = Number(options.get('timeout-ms') ?? 30_000);
  if (!file || positional.length !== 1 || unknown.length || !endpoint || !p12Path || !passwordVar || !(timeoutMs > 0)) {
    return { exitCode: 2, stdout: '', stderr: `usage:\n${submitUsage}` };
  }
  const password = io.env[passwordVar];
  if (password === undefined)
    return { exitCode: 2, stdout: '', stderr: `environment variable ${passwordVar} is not set\n` };
  const xml = readInput(io, file);
  if (!Buffer.isBuffer(xml)) return xml;
  const p12 = readInput(io, p12Path);
  if (!Buffer.isBuffer(p12)) return p12;
  const caPath = options.get('ca');
  const ca = caPath === undefined ? undefined : readInput(io, caPath);
  if (ca !== undefined && !Buffer.isBuffer(ca)) return ca;

  try {
    const credential = loadP12(p12, password, io.now);
    const client = createDianSoapClient({
      endpoint,
      timeoutMs,
      credential: { privateKey: credential.privateKey, certificateDer: credential.chain[0].der },
      ...(ca ? { ca: ca.toString('utf8') } : {}),
    });
    const signed = xml.toString('utf8');
    const facts = readDocumentFacts(signed);
    // The same counter as the embedded service's, so a document sent by hand takes a name no other file has.
    const folder = io.dataFolder(options.get('data-dir'));
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const counter = new SqliteFileCounter(join(folder, 'state.sqlite'));
    const names = await allocateDocumentNames(counter, {
      nit: facts.issuerNit,
      type: facts.type,
      year: Number(facts.issueDate.slice(0, 4)),
      owner: `submit:${facts.documentKey}`,
    }).finally(() => counter.close());
    const packaged = packageDocument(signed, { modified: io.now, names, facts });
    const answer = await client.sendBillSync(packaged.zip);
    return {
      exitCode: answer.isValid && answer.statusCode === '00' ? 0 : 1,
      stdout: `${JSON.stringify(printable(answer, packaged.zip.fileName), null, 2)}\n`,
      stderr: '',
    };
  } catch (error) {
    if (isDianClientError(error)) {
      const { code, retriable, outcomeUnknown, message } = error;
      return { exitCode: 3, stdout: '', stderr: `${JSON.stringify({ code, retriable, outcomeUnknown, message })}\n` };
    }
    if (isXadesError(error)) return { exitCode: 2, stdout: '', stderr: `${error.code}: ${error.message}\n` };
    throw error;
  }
}

/** The answer without the AR's bytes twice: its XML is printed, its base64 only measured. */
function printable(answer: DianResponse, fileName: string) {
  const { xmlBase64Bytes, ...rest } = answer;
  return {
    fileName,
    ...rest,
    xmlBase64Bytes: xmlBase64Bytes === undefined ? undefined : `(${xmlBase64Bytes.length} base64 characters)`,
  };
}
