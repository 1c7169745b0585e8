/**
 * The software provider's name, which the PDF must print (Res. 165 art. 11) and sts:SoftwareProvider cannot carry.
 * A TenantDirectory fits as is; without it the PDF prints the provider's NIT alone.
 */
export type RenderingTenants = {
  profile(tenantId: string): Promise<{ software: { providerName: string } } | undefined>;
};
