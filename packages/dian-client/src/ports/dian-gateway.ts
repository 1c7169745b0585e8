import type {
  AcquirerResponse,
  DianResponse,
  EventResponse,
  EventStatusResponse,
  NumberRangeResponseList,
  UploadDocumentResponse,
} from '../dian-soap/response-types.ts';

/** A zip ready to send: DIAN's file name (z….zip) and its bytes (see packaging/package-document.ts). */
export type DianZip = { fileName: string; content: Uint8Array };

/**
 * `deadline`: a `performance.now()` instant by which the send is over; the document is never written to DIAN after
 * it (the caller's exclusivity lease outlasts it).
 */
type SendOptions = { deadline?: number };

export type NumberingRangeQuery = {
  /** Issuer NIT (no DV). */
  accountCode: string;
  /** NIT of the software's owner (the issuer's when it uses its own software). */
  accountCodeT: string;
  /** SoftwareID (GUID). */
  softwareCode: string;
};

/**
 * The port to DIAN's WcfDianCustomerServices (annex §6.2). Methods reject with DianClientError only; a business
 * rejection is not an error but a DianResponse with IsValid false.
 *
 *   const answer = await dian.sendBillSync(packageDocument(signedXml, { modified: now }).zip);
 */
export interface DianGateway {
  sendBillSync(zip: DianZip, options?: SendOptions): Promise<DianResponse>;
  sendBillAsync(zip: DianZip): Promise<UploadDocumentResponse>;
  sendTestSetAsync(zip: DianZip, testSetId: string): Promise<UploadDocumentResponse>;
  /** trackId: the CUFE/CUDE. */
  getStatus(trackId: string): Promise<DianResponse>;
  /** trackId: the ZipKey of an async send; one DianResponse per document in the zip. */
  getStatusZip(trackId: string): Promise<DianResponse[]>;
  getNumberingRange(query: NumberingRangeQuery): Promise<NumberRangeResponseList>;
  /** The stored XML of a document by CUFE (the caller must be its issuer or receiver). */
  getXmlByDocumentKey(trackId: string): Promise<EventResponse>;
  /** The buyer's registered reception email (annex §9.1), by its document type code (31 NIT, 13 CC…) and number. */
  getAcquirer(query: { identificationType: string; identificationNumber: string }): Promise<AcquirerResponse>;
  /**
   * A signed RADIAN event (030–037) in its zip (packageDocument names it `ar…`): DIAN's DianResponse, `00` with its
   * ApplicationResponse for the event in XmlBase64Bytes, or `99` with the rules it broke. A send: its outcome may be
   * unknown; GetStatus(CUDE) or getStatusEvent tells.
   */
  sendEventUpdateStatus(zip: DianZip, options?: SendOptions): Promise<DianResponse>;
  /** trackId: the invoice's CUFE; the events registered on it, oldest first (docs/dian-web-service.md). */
  getStatusEvent(trackId: string): Promise<EventStatusResponse>;
}
