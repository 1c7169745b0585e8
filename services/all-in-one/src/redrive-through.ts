import { PlatformError, requestRedrive, type RedriveDeps } from '@fe/platform';
import type { RedriveInvoice } from '@fe/portal';

/** The portal's re-drive on the service's own stores: a refusal the portal shows, anything else thrown. */
export function redriveThrough(deps: RedriveDeps): RedriveInvoice {
  return async (invoiceId, requestedBy) => {
    try {
      const done = await requestRedrive(deps, invoiceId, requestedBy);
      return { ok: true, step: done.step };
    } catch (error) {
      if (error instanceof PlatformError && (error.code === 'REDRIVE_FINAL' || error.code === 'REDRIVE_NOT_FAILED'))
        return { ok: false, code: error.code };
      throw error;
    }
  };
}
