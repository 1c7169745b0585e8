// The simulator's SOAP vocabulary is its own (src/server/wcf-vocabulary.ts), not our client's: this
// pins every value to DIAN's published files, so a wrong namespace fails here instead of passing on
// both sides of the conversation.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionUri, simulatedOperations, soapNs } from '../src/server/wcf-vocabulary.ts';

const webService = resolve(import.meta.dirname, '../../../spec/dian/web-service');
const wsdl = readFileSync(join(webService, 'wsdl-produccion/WcfDianCustomerServices.wsdl'), 'utf8');
const xsd0 = readFileSync(join(webService, 'wsdl-produccion/xsd0.xsd'), 'utf8');
const xmldsigXsd = readFileSync(resolve(webService, '../xsd/common/UBL-xmldsig-core-schema-2.1.xsd'), 'utf8');
const responsesDir = join(webService, 'responses');
const sampleAnswers = readdirSync(responsesDir).map((name) => readFileSync(join(responsesDir, name), 'utf8'));

const attributeOf = (xml: string, pattern: RegExp) => pattern.exec(xml)?.[1];
/** Every value a prefix is bound to across DIAN's sample answers. */
const samplePrefix = (prefix: string) =>
  new Set(
    sampleAnswers.flatMap((xml) => [...xml.matchAll(new RegExp(`xmlns:${prefix}="([^"]*)"`, 'g'))].map((m) => m[1])),
  );
const wsdlImports = new Set([...wsdl.matchAll(/<xsd:import [^>]*namespace="([^"]*)"/g)].map((m) => m[1]));

describe("the simulator's WcfDianCustomerServices vocabulary is DIAN's", () => {
  it("the operations' namespace is the WSDL's targetNamespace", () => {
    expect(soapNs.wcf).toBe(attributeOf(wsdl, /<wsdl:definitions [^>]*targetNamespace="([^"]*)"/));
  });

  it.each([
    'dianResponse',
    'uploadResponse',
    'trackIdResponse',
    'rangeList',
    'range',
    'eventResponse',
    'arrays',
  ] as const)('the %s data contract is one the WSDL imports', (name) => {
    expect(wsdlImports).toContain(soapNs[name]);
  });

  it("WS-Addressing and the WS-Security utility namespace are the WSDL's", () => {
    expect(soapNs.wsa).toBe(attributeOf(wsdl, /xmlns:wsa10="([^"]*)"/));
    expect(soapNs.wsu).toBe(attributeOf(wsdl, /xmlns:wsu="([^"]*)"/));
  });

  it("the envelope, WS-Security and instance namespaces are those of DIAN's sample answers", () => {
    expect(samplePrefix('s')).toEqual(new Set([soapNs.soap]));
    expect(samplePrefix('o')).toEqual(new Set([soapNs.wsse]));
    expect(samplePrefix('u')).toEqual(new Set([soapNs.wsu]));
    expect(samplePrefix('a')).toEqual(new Set([soapNs.wsa]));
    expect(samplePrefix('i')).toEqual(new Set([soapNs.xsi]));
  });

  it('XML-DSig is the namespace of the xmldsig schema DIAN publishes', () => {
    expect(soapNs.ds).toBe(attributeOf(xmldsigXsd, /targetNamespace="([^"]*)"/));
  });

  it.each(simulatedOperations)("%s: its actions are the WSDL's and its elements are in xsd0", (operation) => {
    expect(wsdl).toContain(
      `<wsdl:input wsaw:Action="${actionUri(operation)}" message="tns:IWcfDianCustomerServices_${operation}_InputMessage"/>`,
    );
    expect(wsdl).toContain(
      `<wsdl:output wsaw:Action="${actionUri(operation)}Response" message="tns:IWcfDianCustomerServices_${operation}_OutputMessage"/>`,
    );
    for (const element of [operation, `${operation}Response`, `${operation}Result`])
      expect(xsd0).toContain(`name="${element}"`);
  });
});
