package co.fe.verifier;

import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import xades4j.providers.CertificateValidationProvider;
import xades4j.providers.SignaturePolicyDocumentProvider;
import xades4j.providers.impl.PKIXCertificateValidationProvider;
import xades4j.verification.XAdESVerificationResult;
import xades4j.verification.XadesVerificationProfile;
import xades4j.verification.XadesVerifier;

/**
 * Verifies the XAdES signature of a signed DIAN document the way DIAN's validator (built on xades4j)
 * does: the XML-DSig core (references and SignatureValue), the certificate path to a trusted CA,
 * SigningCertificate, and the signature policy hash against the policy document.
 *
 *   java -jar xades4j-verifier.jar signed.xml ca.pem signature-policy-v2.pdf
 *
 * Prints one line, "VALID form=EPES …" (exit 0) or "INVALID <exception>: <message>" (exit 1);
 * exit 2 on bad arguments or unreadable input.
 */
public final class Main {
  private static final String DS = "http://www.w3.org/2000/09/xmldsig#";

  public static void main(String[] args) {
    if (args.length != 3) {
      System.err.println("usage: xades4j-verifier <signed.xml> <trusted-ca.pem> <signature-policy.pdf>");
      System.exit(2);
    }
    Document doc;
    KeyStore trust;
    byte[] policy;
    try {
      doc = parse(Path.of(args[0]));
      trust = trustStore(Path.of(args[1]));
      policy = Files.readAllBytes(Path.of(args[2]));
    } catch (Exception e) {
      System.err.println("cannot read input: " + e);
      System.exit(2);
      return;
    }
    try {
      NodeList signatures = doc.getElementsByTagNameNS(DS, "Signature");
      if (signatures.getLength() != 1) throw new IllegalStateException("expected one ds:Signature, found " + signatures.getLength());
      CertificateValidationProvider certs = PKIXCertificateValidationProvider.builder(trust).checkRevocation(false).build();
      // The policy is identified by its URL; whatever the identifier, the hash is checked against these bytes.
      SignaturePolicyDocumentProvider policies = id -> new java.io.ByteArrayInputStream(policy);
      XadesVerifier verifier = new XadesVerificationProfile(certs).withPolicyDocumentProvider(policies).newVerifier();
      XAdESVerificationResult result = verifier.verify((Element) signatures.item(0), null);
      X509Certificate signer = result.getValidationCertificate();
      System.out.println("VALID form=" + result.getSignatureForm()
          + " references=" + result.getXmlSignature().getSignedInfo().getLength()
          + " signatureAlgorithm=" + result.getSignatureAlgorithmUri()
          + " signer=" + signer.getSubjectX500Principal().getName());
      System.exit(0);
    } catch (Exception e) {
      System.out.println("INVALID " + e.getClass().getSimpleName() + ": " + e.getMessage());
      System.exit(1);
    }
  }

  private static Document parse(Path file) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document doc = factory.newDocumentBuilder().parse(file.toFile());
    // Same-document references (#xmldsig-…-keyinfo, #…-signedprops) resolve through ID attributes;
    // without a DTD nothing is an ID, so every `Id` attribute is declared one, as validators do.
    NodeList all = doc.getElementsByTagNameNS("*", "*");
    for (int i = 0; i < all.getLength(); i++) {
      Element e = (Element) all.item(i);
      if (e.hasAttributeNS(null, "Id")) e.setIdAttributeNS(null, "Id", true);
    }
    return doc;
  }

  private static KeyStore trustStore(Path pem) throws Exception {
    KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
    store.load(null, null);
    CertificateFactory factory = CertificateFactory.getInstance("X.509");
    try (InputStream in = new FileInputStream(pem.toFile())) {
      int i = 0;
      for (var cert : factory.generateCertificates(in)) store.setCertificateEntry("ca" + i++, cert);
    }
    return store;
  }
}
