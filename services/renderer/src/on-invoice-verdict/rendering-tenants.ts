/**
 * The one thing the renderer reads about a tenant: its software provider's name, which the PDF
 * must print (Res. 165 art. 11) and sts:SoftwareProvider cannot carry (it holds only the NIT). A
 * TenantDirectory (@fe/tenancy) fits as is. Without it the PDF prints the provider's NIT alone.
 *
 *   createRendererService({ store, bus, blobs, renderer: pdfkitRenderer(), tenants: tenantDirectory, clock, logger });
 */
export type RenderingTenants = {
  profile(tenantId: string): Promise<{ software: { providerName: string } } | undefined>;
};
