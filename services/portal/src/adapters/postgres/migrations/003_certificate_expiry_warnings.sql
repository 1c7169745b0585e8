-- The certificate expiry warnings mailed (../postgres-expiry-warning-store.ts): one row per tenant, certificate
-- generation and threshold ('30', '7', '1', 'expired'), inserted before the mail leaves, so one instance mails it.
CREATE TABLE portal_certificate_expiry_warnings (
  tenant_id  text           NOT NULL,
  generation integer        NOT NULL,
  threshold  text           NOT NULL,
  claimed_at timestamptz(3) NOT NULL,
  PRIMARY KEY (tenant_id, generation, threshold)
);
