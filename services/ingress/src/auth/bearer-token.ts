import type { TenantDirectory } from '@fe/tenancy';
import { ApiError } from '../http/api-error.ts';

const challenge = { 'WWW-Authenticate': 'Bearer realm="fe"' };

/**
 * The tenant behind `Authorization: Bearer <api key>`. Every failure is the same 401, so a caller
 * cannot tell an unknown key from a revoked one; the key itself never reaches a log or an error.
 */
export async function authenticateBearer(authorization: string | undefined, tenants: TenantDirectory): Promise<string> {
  const match = /^Bearer ([^\s]{1,200})$/i.exec(authorization?.trim() ?? '');
  if (!match)
    throw new ApiError(
      'UNAUTHORIZED',
      'Send the API key as "Authorization: Bearer <key>".',
      [{ path: 'Authorization', message: 'missing or malformed' }],
      challenge,
    );
  const found = await tenants.authenticate(match[1]!);
  if (!found)
    throw new ApiError(
      'UNAUTHORIZED',
      'The API key is unknown or revoked.',
      [{ path: 'Authorization', message: 'unknown or revoked key' }],
      challenge,
    );
  return found.tenantId;
}
