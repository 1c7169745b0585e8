import {
  companySchema,
  isContingencySetting,
  isTacitAcceptanceSetting,
  isTenancyError,
  newTenantSchema,
  noteNumberingSchema,
  parseInput,
  resolutionSchema,
  softwareSchema,
  type TenantCommands,
} from '@fe/tenancy';
import { isXadesError } from '@fe/xades';
import { missingInDataFolder, type DataFolderIo } from './data-folder.ts';
import { parseOptions } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const tenantUsage = `  tenant <action> [--data-dir <dir>] …   change a tenant in the data folder's registry; each change
                       is recorded as a TenantChanged audit event (fe.tenant.events.v1):
    create <tenant.json>                        a tenant ({ tenant, environment, software, resolutions,
                                                activeResolutionId }: examples/tenant.json); prints its
                                                first API key
    company --tenant <id> <company.json>        replace the company data (NIT and DV checked)
    certificate --tenant <id> <file.p12>        upload the signing certificate; its password is read
                                                from FE_P12_PASSWORD (never an argument: ps shows those)
    test-certificate --tenant <id>              a TEST certificate for the tenant's own NIT from the data
                                                folder's local test CA, loaded as its signing certificate;
                                                habilitación only, trusted by the built-in simulator only
    software --tenant <id> <software.json>      set the DIAN software (id, PIN, provider)
    resolution --tenant <id> <resolution.json> [--activate yes]   add a numbering resolution
    note-numbering --tenant <id> [<numbering.json>]   print the credit and debit note numbering, or set it
                                                ({ credit: { prefix, from, to }, debit: { … } }; docs/notes.md)
    tacit-acceptance --tenant <id> [automatic | offer]   print what the tenant's RADIAN tacit acceptances
                                                do (offer by default), or set it (docs/radian.md)
    contingency --tenant <id> [off | automatic | on]   print when the tenant's invoices are contingency
                                                invoices, type 04 (off by default), or set it (docs/contingency.md)
    rotate-key --tenant <id> [--grace-hours <h>]  a new API key; the old one works <h> hours more (24)
    revoke-keys --tenant <id>                   end every API key of the tenant at once
    test-set-passed --tenant <id> --test-set <id> --accepted <n>
                                                record that DIAN accepted the habilitación test set
    production --tenant <id>                    habilitación → production (after the test set passed);
                                                prints the new fe_live_ key
    history --tenant <id>                       the tenant's audit events, one JSON per line
`;

/** The example, with the shape `create` reads (the text of examples/tenant.json). */
export const tenantExample = (
  tenantJson: string,
) => `  pnpm fe tenant create examples/tenant.json --data-dir ./data   # prints acme's first API key
  read -rs FE_P12_PASSWORD && export FE_P12_PASSWORD
  pnpm fe tenant certificate --tenant acme firma.p12 --data-dir ./data
  pnpm fe tenant rotate-key --tenant acme --data-dir ./data

examples/tenant.json, what \`create\` reads (environment "2" is habilitación, "1" production;
SETP 990000000–995000000 is DIAN's habilitación range):
${tenantJson}`;

export type TenantIo = DataFolderIo & {
  readFile(path: string): Buffer;
  env: Readonly<Record<string, string | undefined>>;
  /**
   * The tenant commands on the data folder's registry and event store, or undefined when the service never ran there.
   */
  open(dataDir: string | undefined): { commands: TenantCommands; close(): Promise<void> } | undefined;
  /** A .p12 for `owner` from the data folder's local test CA (made, and put on the trust list, when missing). */
  testCertificate(
    dataDir: string | undefined,
    owner: { nit: string; legalName: string },
  ): Promise<{ p12: Uint8Array; password: string }>;
};

const usage = (): CommandOutput => ({ exitCode: 2, stdout: '', stderr: `usage:\n${tenantUsage}` });

/** `pnpm fe tenant …`: the operator's side of what the admin portal does, through the same commands. */
export async function tenantCommand(args: string[], io: TenantIo): Promise<CommandOutput> {
  const [action, ...rest] = args;
  const { positional, options, unknown } = parseOptions(rest, [
    'tenant',
    'data-dir',
    'grace-hours',
    'activate',
    'test-set',
    'accepted',
  ]);
  if (!action || unknown.length) return usage();
  const tenantId = options.get('tenant');
  const needsFile = ['create', 'company', 'certificate', 'software', 'resolution'].includes(action);
  const mayHaveFile = ['note-numbering', 'tacit-acceptance', 'contingency'].includes(action) && positional.length <= 1;
  if ((positional.length !== (needsFile ? 1 : 0) && !mayHaveFile) || (action !== 'create' && !tenantId)) return usage();
  const json = () => JSON.parse(io.readFile(positional[0]!).toString('utf8')) as unknown;

  const opened = io.open(options.get('data-dir'));
  if (!opened) return missingInDataFolder(io.dataFolder(options.get('data-dir')), 'tenants.sqlite and master.key');
  const { commands } = opened;
  const done = (stdout = '') => ({ exitCode: 0, stdout, stderr: '' });
  try {
    switch (action) {
      case 'create': {
        const input = parseInput(newTenantSchema, json());
        await commands.createTenant(input, 'cli');
        return done(`${await commands.issueApiKey(input.tenant.id, 'cli')}\n`);
      }
      case 'company':
        await commands.updateCompany(tenantId!, parseInput(companySchema, json()), 'cli');
        return done();
      case 'certificate': {
        const password = io.env.FE_P12_PASSWORD;
        if (password === undefined)
          return { exitCode: 2, stdout: '', stderr: 'set FE_P12_PASSWORD to the .p12 password\n' };
        const summary = await commands.storeCertificate(tenantId!, io.readFile(positional[0]!), password, 'cli');
        return done(
          `${summary.subjectName}\nissuer ${summary.issuerName}\nvalid ${summary.notBefore.toISOString()} – ${summary.notAfter.toISOString()}\n`,
        );
      }
      case 'test-certificate': {
        const dataDir = options.get('data-dir');
        const summary = await commands.storeTestCertificate(
          tenantId!,
          (owner) => io.testCertificate(dataDir, owner),
          'cli',
        );
        return done(
          `${summary.subjectName}\nissuer ${summary.issuerName}\nvalid ${summary.notBefore.toISOString()} – ${summary.notAfter.toISOString()}\n` +
            'a TEST certificate of the local CA: only the built-in DIAN simulator trusts it, in habilitación\n',
        );
      }
      case 'software':
        await commands.setSoftware(tenantId!, parseInput(softwareSchema, json()), 'cli');
        return done();
      case 'resolution':
        await commands.addResolution(
          tenantId!,
          parseInput(resolutionSchema, json()),
          options.get('activate') === 'yes',
          'cli',
        );
        return done();
      case 'note-numbering':
        if (positional.length)
          await commands.setNoteNumbering(tenantId!, parseInput(noteNumberingSchema, json()), 'cli');
        return done(`${JSON.stringify(await commands.noteNumbering(tenantId!))}\n`);
      case 'tacit-acceptance': {
        const setting = positional[0];
        if (setting !== undefined && !isTacitAcceptanceSetting(setting)) return usage();
        if (setting) await commands.setTacitAcceptance(tenantId!, setting, 'cli');
        return done(`${await commands.tacitAcceptance(tenantId!)}\n`);
      }
      case 'contingency': {
        const setting = positional[0];
        if (setting !== undefined && !isContingencySetting(setting)) return usage();
        if (setting) await commands.setContingency(tenantId!, setting, 'cli');
        return done(`${await commands.contingency(tenantId!)}\n`);
      }
      case 'rotate-key': {
        const hours = Number(options.get('grace-hours') ?? 24);
        const { apiKey, previousValidUntil } = await commands.rotateApiKey(tenantId!, 'cli', hours);
        return {
          exitCode: 0,
          stdout: `${apiKey}\n`,
          stderr: `the previous key works until ${previousValidUntil.toISOString()}\n`,
        };
      }
      case 'revoke-keys':
        return done(`${await commands.revokeApiKeys(tenantId!, 'cli')} key(s) revoked\n`);
      case 'test-set-passed': {
        const testSetId = options.get('test-set');
        const accepted = Number(options.get('accepted'));
        if (!testSetId || !Number.isInteger(accepted) || accepted < 1) return usage();
        await commands.recordTestSetPassed(tenantId!, 'cli', { testSetId, accepted });
        return done();
      }
      case 'production':
        return done(`${await commands.switchToProduction(tenantId!, 'cli')}\n`);
      case 'history':
        return done((await commands.history(tenantId!)).map((event) => `${JSON.stringify(event)}\n`).join(''));
      default:
        return usage();
    }
  } catch (error) {
    if (isTenancyError(error) || isXadesError(error))
      return { exitCode: 1, stdout: '', stderr: `${error.code}: ${error.message}\n` };
    if (error instanceof SyntaxError) return { exitCode: 2, stdout: '', stderr: `${positional[0]} is not JSON\n` };
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { exitCode: 2, stdout: '', stderr: `cannot read ${positional[0]}\n` };
    throw error;
  } finally {
    await opened.close();
  }
}
