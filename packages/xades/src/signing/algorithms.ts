/** Algorithm URIs of DIAN's signature policy v2 (annex §5.2) and the policy itself. */
export type DigestAlgorithm = 'sha256' | 'sha384' | 'sha512';

export const DIGEST_URI: Readonly<Record<DigestAlgorithm, string>> = {
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
  sha384: 'http://www.w3.org/2001/04/xmldsig-more#sha384',
  sha512: 'http://www.w3.org/2001/04/xmlenc#sha512',
};

export const SIGNATURE_URI: Readonly<Record<DigestAlgorithm, string>> = {
  sha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  sha384: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384',
  sha512: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
};

/** Inclusive C14N 1.0 without comments: the policy requires it for SignedInfo and the references. */
export const C14N_URI = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const ENVELOPED_URI = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
export const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903#SignedProperties';

export const DIAN_POLICY = {
  url: 'https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf',
  description: 'Política de firma para facturas electrónicas de la República de Colombia.',
  /** Digests of spec/dian/signature-policy-v2.pdf; the one matching the chosen DigestMethod is written. */
  hash: {
    sha256: 'dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=',
    sha384: 'EQC0kiWPaAME6IsEZ7WuaTWJ97Zmf6hIO69rMCVURmQxBB9ebgLrjhL5BArQ0a0l',
    sha512: 'Zcjw1Z9nGQn2j6NyGx8kAaLbOfJGd/fJxRTCeirlqAg7zRG27piJkJOpflGu7XACpMj9hC6dVMcCyzqHxxPZeQ==',
  } satisfies Record<DigestAlgorithm, string>,
} as const;

export function isDigestAlgorithm(value: string): value is DigestAlgorithm {
  return value === 'sha256' || value === 'sha384' || value === 'sha512';
}
