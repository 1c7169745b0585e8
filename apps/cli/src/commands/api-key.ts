import { loadOrCreateMasterKey, SqliteTenantDirectory } from '@fe/tenancy';
import { missingInDataFolder, type DataFolderIo } from './data-folder.ts';
import { parseOptions } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const apiKeyUsage = `  api-key [--tenant <id>] [--data-dir <dir>]
                       print a tenant's current API key (default: the demo tenant), read
                       from the data folder's tenant registry; the embedded service prints
                       the demo key only on the start that creates it
`;
export const apiKeyExample = '  export FE_API_KEY=$(pnpm -s fe api-key --data-dir ./data)\n';

export type ApiKeyIo = DataFolderIo & {
  /** The data folder's tenant registry and master key, or undefined when either is missing (nothing is created). */
  registry(dataDir: string | undefined): { tenantsDb: string; masterKey: string } | undefined;
};

/**
 * `pnpm fe api-key`: the key alone on stdout, so `$(pnpm -s fe api-key)` works. It reveals nothing the data
 * folder's owner could not decrypt anyway.
 */
export async function apiKeyCommand(args: string[], io: ApiKeyIo): Promise<CommandOutput> {
  const { positional, options, unknown } = parseOptions(args, ['tenant', 'data-dir']);
  if (positional.length || unknown.length) return { exitCode: 2, stdout: '', stderr: `usage:\n${apiKeyUsage}` };
  const tenantId = options.get('tenant') ?? 'demo';
  const registry = io.registry(options.get('data-dir'));
  if (!registry) return missingInDataFolder(io.dataFolder(options.get('data-dir')), 'tenants.sqlite and master.key');
  const tenants = new SqliteTenantDirectory({
    path: registry.tenantsDb,
    masterKey: loadOrCreateMasterKey(registry.masterKey),
  });
  try {
    const key = await tenants.displayApiKey(tenantId);
    if (key === undefined) return { exitCode: 1, stdout: '', stderr: `tenant ${tenantId} has no current API key\n` };
    return { exitCode: 0, stdout: `${key}\n`, stderr: '' };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'TENANT_ID_INVALID' || code === 'SECRET_UNREADABLE' || code === 'MASTER_KEY_INVALID') {
      return { exitCode: 1, stdout: '', stderr: `${code}: ${(error as Error).message}\n` };
    }
    throw error;
  } finally {
    await tenants.close();
  }
}
