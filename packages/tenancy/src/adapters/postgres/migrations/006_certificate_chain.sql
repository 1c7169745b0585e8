-- The certificate's public chain (PEM, leaf first), kept beside the sealed .p12 so expiry and revocation checks never
-- derive its key; NULL for an upload made before it was kept: derived once when first asked, then written here.
ALTER TABLE certificates ADD COLUMN chain_pem text;
