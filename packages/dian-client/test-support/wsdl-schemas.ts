// DIAN's WSDL schemas from spec/dian/web-service, copied into a temporary folder with their https
// imports pointed at the local copies (and at wsdl-stubs/ for the four sub-schemas spec/dian lacks), so
// xmllint can validate payloads against xsd0 without a network.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dianWebServiceDir as web } from './dian-spec.ts';

const sources: Record<string, string> = {
  xsd0: 'wsdl-produccion/xsd0.xsd',
  xsd3: 'wsdl-produccion/xsd3.xsd',
  xsd5: 'wsdl-produccion/xsd5.xsd',
  xsd7: 'wsdl-produccion/xsd7.xsd',
  xsd8: 'wsdl-produccion/xsd8.xsd',
  xsd6: 'wsdl-habilitacion/xsd6.xsd',
  xsd9: 'wsdl-habilitacion/xsd9.xsd',
};

/** Returns the path of the local xsd0.xsd. */
export function localWsdlSchemas(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dian-wsdl-'));
  for (const [name, path] of Object.entries(sources)) {
    const text = readFileSync(join(web, path), 'utf8').replace(
      /https:\/\/vpfe\.dian\.gov\.co\/WcfDianCustomerServices\.svc\?xsd=(xsd\d+)/g,
      '$1.xsd',
    );
    writeFileSync(join(dir, `${name}.xsd`), text);
  }
  for (const stub of ['xsd2', 'xsd4', 'xsd10', 'xsd11'])
    copyFileSync(join(import.meta.dirname, 'wsdl-stubs', `${stub}.xsd`), join(dir, `${stub}.xsd`));
  return join(dir, 'xsd0.xsd');
}
