import { demoResolution } from '@fe/dian-domain';
import { createP12Loader, type P12Loader, type XadesError } from '@fe/xades';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sampleTenant, testClock, type TestClock } from './directory.ts';
import { makeTestP12 } from './test-p12.ts';
import { generateApiKey } from '../src/api-keys/api-key.ts';
import { makeDemoCertificates } from '../src/demo/demo-certificates.ts';
import type { TenancyError } from '../src/errors.ts';
import type { TenantRegistry } from '../src/ports/tenant-registry.ts';
import type { TestSetRun } from '../src/test-sets/test-set-run.ts';

/**
 * Fresh, empty storage whose adapter judges time by `now` and opens .p12 files with `p12Loader` (its `opened` counts
 * key derivations); `another()` opens a second registry on the same storage with the same master key (another
 * process: the CLI, a second replica); `forgetStoredChains()` leaves every certificate as an upload made before the
 * public chain was kept beside it.
 */
export type TenantRegistryFactory = (
  now: () => Date,
  p12Loader: P12Loader,
) => Promise<{
  registry: TenantRegistry;
  another(): Promise<TenantRegistry>;
  forgetStoredChains(): Promise<void>;
}>;

const code = (c: string) => expect.objectContaining({ code: c }) as TenancyError | XadesError;
const at = new Date('2026-03-10T12:00:00Z');

/**
 * What every TenantDirectory adapter with its TenantRegistry writes must do; run it from the adapter's test file.
 */
export function tenantDirectoryContract(name: string, factory: TenantRegistryFactory): void {
  describe(`TenantDirectory contract: ${name}`, () => {
    const opened: TenantRegistry[] = [];
    const loader = createP12Loader({ size: 1 });
    afterEach(async () => {
      for (const registry of opened.splice(0)) await registry.close();
    });
    afterAll(() => loader.close());
    async function open(): Promise<{
      directory: TenantRegistry;
      clock: TestClock;
      another(): Promise<TenantRegistry>;
      forgetStoredChains(): Promise<void>;
    }> {
      const clock = testClock();
      const { registry, another, forgetStoredChains } = await factory(clock.now, loader);
      opened.push(registry);
      return {
        directory: registry,
        clock,
        forgetStoredChains,
        another: async () => {
          const second = await another();
          opened.push(second);
          return second;
        },
      };
    }
    /** A registry holding the habilitación tenant 'acme' and the production tenant 'prod'. */
    async function withTenants() {
      const world = await open();
      await world.directory.createTenant(sampleTenant('acme'));
      await world.directory.createTenant(sampleTenant('prod', '1'));
      return world;
    }

    describe('tenants', () => {
      it('returns the profile it was given, resolutions in order, and no certificate yet', async () => {
        const { directory } = await open();
        const input = sampleTenant('acme');
        await directory.createTenant(input);
        expect(await directory.tenantExists('acme')).toBe(true);
        expect(await directory.profile('acme')).toEqual({
          tenant: input.tenant,
          environment: '2',
          software: input.software,
          resolutions: input.resolutions,
          activeResolutionId: 'acme-fe',
          hasCertificate: false,
        });
      });

      it('keeps a tenant without an active resolution', async () => {
        const { directory } = await open();
        await directory.createTenant({ ...sampleTenant('plain', '1'), activeResolutionId: undefined });
        expect(await directory.profile('plain')).toMatchObject({ environment: '1', activeResolutionId: undefined });
      });

      it('answers undefined / false for an unknown tenant', async () => {
        const { directory } = await open();
        expect(await directory.profile('nobody')).toBeUndefined();
        expect(await directory.tenantExists('nobody')).toBe(false);
      });

      it.each([
        ['a taken id', 'TENANT_EXISTS', () => sampleTenant('acme')],
        ['an id with a slash', 'TENANT_ID_INVALID', () => sampleTenant('a/b')],
        ['an empty id', 'TENANT_ID_INVALID', () => sampleTenant('')],
        [
          'a DV that does not match the NIT',
          'TENANT_INVALID',
          () => ({ ...sampleTenant('x'), tenant: { ...sampleTenant('x').tenant, dv: 3 } }),
        ],
        [
          'a software provider DV that does not match',
          'TENANT_INVALID',
          () => ({ ...sampleTenant('x'), software: { ...sampleTenant('x').software, providerDv: 0 } }),
        ],
        [
          'an active resolution not on file',
          'TENANT_INVALID',
          () => ({ ...sampleTenant('x'), activeResolutionId: 'missing' }),
        ],
        [
          'two resolutions with one id',
          'TENANT_INVALID',
          () => ({ ...sampleTenant('x'), resolutions: [demoResolution, demoResolution] }),
        ],
        ['an unknown environment', 'TENANT_INVALID', () => ({ ...sampleTenant('x'), environment: '3' as '1' })],
        [
          'an empty software PIN',
          'TENANT_INVALID',
          () => ({ ...sampleTenant('x'), software: { ...sampleTenant('x').software, pin: '' } }),
        ],
      ])('refuses %s (%s), writing nothing', async (_, expected, make) => {
        const { directory } = await open();
        await directory.createTenant(sampleTenant('acme'));
        await expect(directory.createTenant(make())).rejects.toThrowError(code(expected));
        expect(await directory.tenantExists('x')).toBe(false);
        expect((await directory.profile('acme'))!.resolutions).toHaveLength(2);
      });

      it('updates company data, software (PIN sealed), environment and adds a resolution, seen at once', async () => {
        const { directory, another } = await withTenants();
        expect(await directory.profile('acme')).toBeDefined(); // cached: the update must drop it
        const base = sampleTenant('acme');
        const added = { ...demoResolution, id: 'acme-new', prefix: 'NEW' };
        await directory.updateTenant('acme', {
          tenant: { ...base.tenant, legalName: 'Acme Renombrada S.A.S.' },
          software: { ...base.software, id: 'otro-software', pin: '98765' },
          environment: '1',
          addResolution: added,
          activateResolution: true,
        });
        const expected = {
          tenant: { ...base.tenant, legalName: 'Acme Renombrada S.A.S.' },
          environment: '1',
          software: { ...base.software, id: 'otro-software', pin: '98765' },
          resolutions: [...base.resolutions, added],
          activeResolutionId: 'acme-new',
        };
        expect(await directory.profile('acme')).toMatchObject(expected);
        expect(await (await another()).profile('acme')).toMatchObject(expected);
      });

      it.each([
        ["another tenant's id in the company data", 'TENANT_INVALID', { tenant: { ...sampleTenant('prod').tenant } }],
        ['a DV that does not match', 'TENANT_INVALID', { tenant: { ...sampleTenant('acme').tenant, dv: 3 } }],
        ['an empty PIN', 'TENANT_INVALID', { software: { ...sampleTenant('acme').software, pin: '' } }],
        [
          'a resolution id on file',
          'TENANT_INVALID',
          { tenant: { ...sampleTenant('acme').tenant, legalName: 'No' }, addResolution: { ...demoResolution } },
        ],
      ])('refuses an update with %s (%s), writing nothing', async (_, expected, update) => {
        const { directory } = await withTenants();
        await expect(directory.updateTenant('acme', update)).rejects.toThrowError(code(expected));
        expect(await directory.profile('acme')).toMatchObject({
          tenant: sampleTenant('acme').tenant,
          resolutions: sampleTenant('acme').resolutions,
        });
      });

      it('keeps the note numbering (docs/notes.md): none stored reads as absent, a set one is read back, a clash with an invoice prefix writes nothing', async () => {
        const { directory } = await open();
        await directory.createTenant(sampleTenant('acme')); // invoice prefixes SETP and FE
        expect((await directory.profile('acme'))?.noteNumbering).toBeUndefined();
        const own = {
          credit: { prefix: 'NCA', from: '100', to: '999' },
          debit: { prefix: 'NDA', from: '1', to: '50' },
        };
        await directory.updateTenant('acme', { noteNumbering: own });
        expect((await directory.profile('acme'))?.noteNumbering).toEqual(own);
        await expect(
          directory.updateTenant('acme', { noteNumbering: { ...own, debit: { prefix: 'FE', from: '1', to: '9' } } }),
        ).rejects.toEqual(code('TENANT_INVALID'));
        await expect(directory.updateTenant('acme', { noteNumbering: { ...own, debit: own.credit } })).rejects.toEqual(
          code('TENANT_INVALID'),
        );
        await expect(
          directory.updateTenant('acme', { addResolution: { ...demoResolution, id: 'nc', prefix: 'NCA' } }),
        ).rejects.toEqual(code('TENANT_INVALID'));
        expect(await directory.profile('acme')).toMatchObject({
          noteNumbering: own,
          resolutions: sampleTenant('acme').resolutions,
        });
      });

      // Each setting: none stored reads as absent (its default), a set one is read back, another value is refused.
      it.each([
        { setting: 'tacitAcceptance', page: 'radian.md', values: ['automatic', 'offer'] },
        { setting: 'contingency', page: 'contingency.md', values: ['automatic', 'off'] },
      ] as const)('keeps the $setting setting (docs/$page)', async ({ setting, values }) => {
        const { directory } = await open();
        await directory.createTenant(sampleTenant('acme'));
        expect((await directory.profile('acme'))?.[setting]).toBeUndefined();
        await directory.updateTenant('acme', { [setting]: values[0] });
        expect((await directory.profile('acme'))?.[setting]).toBe(values[0]);
        await expect(directory.updateTenant('acme', { [setting]: 'sometimes' })).rejects.toEqual(
          code('TENANT_INVALID'),
        );
        await directory.updateTenant('acme', { [setting]: values[1] });
        expect((await directory.profile('acme'))?.[setting]).toBe(values[1]);
      });

      it('refuses to update an unknown tenant (TENANT_NOT_FOUND)', async () => {
        const { directory } = await open();
        await expect(directory.updateTenant('nobody', { environment: '1' })).rejects.toThrowError(
          code('TENANT_NOT_FOUND'),
        );
      });

      it("a cached profile follows its own writes at once, and another registry's within a second", async () => {
        const { directory, another } = await open();
        expect(await directory.profile('acme')).toBeUndefined(); // "unknown" may be cached too
        await directory.createTenant(sampleTenant('acme'));
        expect((await directory.profile('acme'))!.hasCertificate).toBe(false);
        const p12 = makeTestP12();
        await directory.storeCertificate('acme', p12.p12, p12.password, at);
        expect((await directory.profile('acme'))!.hasCertificate).toBe(true);

        const cli = await another();
        await cli.createTenant(sampleTenant('beta'));
        expect(await directory.tenantExists('beta')).toBe(true);
        const seenAt = Date.now();
        let profile = await directory.profile('beta');
        while (!profile && Date.now() - seenAt < 3000) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          profile = await directory.profile('beta');
        }
        expect(profile?.tenant.nit).toBe(sampleTenant('beta').tenant.nit);
      });

      it('keeps everything once closed, for the next registry on the same storage', async () => {
        const { directory, another } = await open();
        await directory.createTenant(sampleTenant('acme'));
        const key = await directory.issueApiKey('acme');
        const p12 = makeTestP12();
        await directory.storeCertificate('acme', p12.p12, p12.password, at);
        await directory.close();
        await directory.close(); // closing twice is harmless
        const again = await another();
        expect(await again.authenticate(key)).toEqual({ tenantId: 'acme' });
        expect(await again.displayApiKey('acme')).toBe(key);
        expect((await again.profile('acme'))!.activeResolutionId).toBe('acme-fe');
        expect((await again.credential('acme', at))!.chain[0].serialNumber).toBe(p12.serialNumber);
      });
    });

    describe('API keys', () => {
      it('issues a fe_test_ key to a habilitación tenant and a fe_live_ key to a production one; each authenticates', async () => {
        const { directory } = await withTenants();
        const test = await directory.issueApiKey('acme');
        const live = await directory.issueApiKey('prod', 'live');
        expect(test).toMatch(/^fe_test_[0-9A-Za-z]{43}$/);
        expect(live).toMatch(/^fe_live_[0-9A-Za-z]{43}$/);
        expect(await directory.authenticate(test)).toEqual({ tenantId: 'acme' });
        expect(await directory.authenticate(live)).toEqual({ tenantId: 'prod' });
        expect(await directory.displayApiKey('acme')).toBe(test);
      });

      it('refuses a second current key, a prefix of the other environment and an unknown tenant', async () => {
        const { directory } = await withTenants();
        await directory.issueApiKey('acme');
        await expect(directory.issueApiKey('acme')).rejects.toThrowError(code('API_KEY_EXISTS'));
        await expect(directory.issueApiKey('prod', 'test')).rejects.toThrowError(code('API_KEY_ENVIRONMENT_MISMATCH'));
        await expect(directory.issueApiKey('nobody')).rejects.toThrowError(code('TENANT_NOT_FOUND'));
        expect(await directory.displayApiKey('prod')).toBeUndefined();
      });

      it('answers undefined for an unknown well-formed key', async () => {
        const { directory } = await withTenants();
        await directory.issueApiKey('acme');
        expect(await directory.authenticate(generateApiKey('test'))).toBeUndefined();
      });

      it('refuses malformed keys without reaching the storage', async () => {
        const { directory } = await withTenants();
        const key = await directory.issueApiKey('acme');
        await directory.close(); // any query would now fail
        for (const malformed of [
          '',
          'Bearer x',
          key.slice(0, -1),
          `${key}0`,
          key.replace('fe_test_', 'fe_prod_'),
          `fe_test_${'z'.repeat(43)}`,
        ]) {
          expect(await directory.authenticate(malformed)).toBeUndefined();
        }
        await expect(directory.authenticate(key)).rejects.toThrow();
      });

      it('keeps the old key working during the grace period after a rotation, and not after', async () => {
        const { directory, clock } = await withTenants();
        const old = await directory.issueApiKey('acme');
        const fresh = await directory.rotateApiKey('acme', clock.now());
        expect(fresh).not.toBe(old);
        expect(fresh.startsWith('fe_test_')).toBe(true);
        expect(await directory.displayApiKey('acme')).toBe(fresh);

        clock.advanceHours(24 - 1 / 3600); // 23:59:59 later
        expect(await directory.authenticate(old)).toEqual({ tenantId: 'acme' });
        clock.advanceHours(1 / 3600); // exactly 24 h: the grace period is over
        expect(await directory.authenticate(old)).toBeUndefined();
        expect(await directory.authenticate(fresh)).toEqual({ tenantId: 'acme' });
      });

      it('takes a custom grace period, zero ending the old key at once, and refuses a negative one', async () => {
        const { directory, clock } = await withTenants();
        const first = await directory.issueApiKey('acme');
        const second = await directory.rotateApiKey('acme', clock.now(), 2);
        clock.advanceHours(1.5);
        expect(await directory.authenticate(first)).toEqual({ tenantId: 'acme' });
        const third = await directory.rotateApiKey('acme', clock.now(), 0);
        expect(await directory.authenticate(second)).toBeUndefined();
        expect(await directory.authenticate(first)).toEqual({ tenantId: 'acme' }); // its own grace still runs
        expect(await directory.authenticate(third)).toEqual({ tenantId: 'acme' });
        await expect(directory.rotateApiKey('acme', clock.now(), -1)).rejects.toThrowError(
          code('GRACE_PERIOD_INVALID'),
        );
        await expect(directory.rotateApiKey('acme', clock.now(), Number.NaN)).rejects.toThrowError(
          code('GRACE_PERIOD_INVALID'),
        );
      });

      it('cannot rotate a tenant without a current key', async () => {
        const { directory, clock } = await withTenants();
        await expect(directory.rotateApiKey('acme', clock.now())).rejects.toThrowError(code('API_KEY_NOT_FOUND'));
      });

      it('revokes every key of the tenant at once, those in grace included, and leaves other tenants alone', async () => {
        const { directory, clock } = await withTenants();
        const old = await directory.issueApiKey('acme');
        const current = await directory.rotateApiKey('acme', clock.now());
        const other = await directory.issueApiKey('prod');
        expect(await directory.revokeApiKey('acme')).toBe(2);
        expect(await directory.authenticate(old)).toBeUndefined();
        expect(await directory.authenticate(current)).toBeUndefined();
        expect(await directory.displayApiKey('acme')).toBeUndefined();
        expect(await directory.authenticate(other)).toEqual({ tenantId: 'prod' });
        const next = await directory.issueApiKey('acme'); // after a revocation, a new key can be issued
        expect(await directory.authenticate(next)).toEqual({ tenantId: 'acme' });
      });
    });

    describe('certificates', () => {
      const good = makeTestP12({ password: 'buena-clave' });

      it('stores a qualifying .p12 and returns its public summary; the profile shows a certificate on file', async () => {
        const { directory } = await withTenants();
        expect((await directory.profile('acme'))!.hasCertificate).toBe(false);
        const summary = await directory.storeCertificate('acme', good.p12, good.password, at);
        expect(summary).toMatchObject({ serialNumber: good.serialNumber, notAfter: new Date(Date.UTC(2035, 0, 1)) });
        expect(summary.subjectName).toContain('Tenencia de Pruebas S.A.S.');
        expect((await directory.profile('acme'))!.hasCertificate).toBe(true);
        expect((await directory.credential('acme', at))!.chain[0].serialNumber).toBe(good.serialNumber);
      });

      it("lists each stored certificate's end of validity without opening it, one generation per upload", async () => {
        const { directory } = await withTenants();
        expect(await directory.certificateValidities()).toEqual([]);
        await directory.storeCertificate('acme', good.p12, good.password, at);
        const end = new Date(Date.UTC(2035, 0, 1));
        expect(await directory.certificateValidities()).toEqual([{ tenantId: 'acme', generation: 1, notAfter: end }]);
        const sooner = makeTestP12({ notAfter: new Date(Date.UTC(2030, 5, 1)) });
        await directory.storeCertificate('acme', sooner.p12, sooner.password, at);
        expect(await directory.certificateValidities('acme')).toEqual([
          { tenantId: 'acme', generation: 2, notAfter: new Date(Date.UTC(2030, 5, 1)) },
        ]);
        expect(await directory.certificateValidities('prod')).toEqual([]);
      });

      it.each([
        ['a wrong password', () => ({ ...good, password: 'otra-clave' }), 'P12_WRONG_PASSWORD'],
        ['no private key', () => makeTestP12({ withKey: false }), 'P12_NO_PRIVATE_KEY'],
        ['bytes that are no .p12', () => ({ ...good, p12: Buffer.from('not a pkcs12 file') }), 'P12_UNREADABLE'],
        [
          'an expired certificate',
          () => makeTestP12({ notBefore: new Date('2020-01-01'), notAfter: new Date('2025-01-01') }),
          'CERT_EXPIRED',
        ],
        ['a certificate not valid yet', () => makeTestP12({ notBefore: new Date('2027-01-01') }), 'CERT_NOT_YET_VALID'],
        [
          'no digitalSignature usage',
          () => makeTestP12({ keyUsage: { keyEncipherment: true, nonRepudiation: true } }),
          'CERT_NO_DIGITAL_SIGNATURE',
        ],
        [
          'no nonRepudiation usage',
          () => makeTestP12({ keyUsage: { digitalSignature: true } }),
          'CERT_NO_NON_REPUDIATION',
        ],
        ['an RSA-1024 key', () => makeTestP12({ bits: 1024 }), 'CERT_KEY_TOO_SMALL'],
        // DIAN's ZE03: the subject must name the tenant's NIT (900123456) or its technology provider's.
        ["another company's certificate (NIT 900373115)", () => makeTestP12({ nit: '900373115' }), 'CERT_NOT_ISSUERS'],
        ['a certificate naming no NIT', () => makeTestP12({ nit: null }), 'CERT_NOT_ISSUERS'],
      ])('refuses %s with the signer code, storing nothing', async (_, make, expected) => {
        const { directory } = await withTenants();
        const bad = make();
        await expect(directory.storeCertificate('acme', bad.p12, bad.password, at)).rejects.toThrowError(
          code(expected),
        );
        expect((await directory.profile('acme'))!.hasCertificate).toBe(false);
        expect(await directory.credential('acme', at)).toBeUndefined();
      });

      it('accepts the certificate of the technology provider the tenant declared, and only for that tenant', async () => {
        const { directory } = await withTenants();
        const input = sampleTenant('client');
        await directory.createTenant({
          ...input,
          software: { ...input.software, providerNit: '900373115', providerDv: 3 },
        });
        const provider = makeTestP12({ nit: '900373115' });
        await directory.storeCertificate('client', provider.p12, provider.password, at);
        expect((await directory.credential('client', at))!.chain[0].serialNumber).toBe(provider.serialNumber);
        await expect(directory.storeCertificate('acme', provider.p12, provider.password, at)).rejects.toThrowError(
          code('CERT_NOT_ISSUERS'),
        );
      });

      it('never puts the password in a refusal', async () => {
        const { directory } = await withTenants();
        const error = await directory
          .storeCertificate('acme', good.p12, 'clave-secreta-equivocada', at)
          .catch((e: unknown) => e);
        expect(error).toMatchObject({ code: 'P12_WRONG_PASSWORD' });
        expect(String((error as Error).message)).not.toContain('clave-secreta-equivocada');
      });

      it('refuses a certificate for an unknown tenant', async () => {
        const { directory } = await withTenants();
        await expect(directory.storeCertificate('nobody', good.p12, good.password, at)).rejects.toThrowError(
          code('TENANT_NOT_FOUND'),
        );
      });

      it('serves the same credential again, still checking validity at each instant', async () => {
        const { directory } = await withTenants();
        await directory.storeCertificate('acme', good.p12, good.password, at);
        const first = await directory.credential('acme', at);
        expect((await directory.credential('acme', new Date('2030-01-01T00:00:00Z')))!.chain[0].serialNumber).toBe(
          good.serialNumber,
        );
        await expect(directory.credential('acme', new Date('2036-01-01T00:00:00Z'))).rejects.toThrowError(
          code('CERT_EXPIRED'),
        );
        await expect(directory.credential('acme', new Date('2023-01-01T00:00:00Z'))).rejects.toThrowError(
          code('CERT_NOT_YET_VALID'),
        );
        expect((await directory.credential('acme', at))!.chain[0].serialNumber).toBe(first!.chain[0].serialNumber);
      });

      it('serves the new credential once another certificate is stored: by this registry at once, by another within a second', async () => {
        const { directory, another } = await withTenants();
        await directory.storeCertificate('acme', good.p12, good.password, at);
        expect((await directory.credential('acme', at))!.chain[0].serialNumber).toBe(good.serialNumber);
        const next = makeTestP12();
        await directory.storeCertificate('acme', next.p12, next.password, at);
        expect((await directory.credential('acme', at))!.chain[0].serialNumber).toBe(next.serialNumber);
        const third = makeTestP12();
        await (await another()).storeCertificate('acme', third.p12, third.password, at);
        // Another registry's upload within a second, as its profile (an adapter may believe a generation that long).
        const storedAt = Date.now();
        let serial = (await directory.credential('acme', at))!.chain[0].serialNumber;
        while (serial !== third.serialNumber && Date.now() - storedAt < 3000) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          serial = (await directory.credential('acme', at))!.chain[0].serialNumber;
        }
        expect(serial).toBe(third.serialNumber);
      });

      it('answers undefined for a tenant without a certificate or an unknown tenant', async () => {
        const { directory } = await withTenants();
        expect(await directory.credential('acme', at)).toBeUndefined();
        expect(await directory.credential('nobody', at)).toBeUndefined();
      });

      it("keeps each certificate's public chain: a restarted registry reads chains, expiry and revocation of every tenant deriving no key", async () => {
        const { directory, another } = await withTenants();
        const ids = ['t1', 't2', 't3', 't4', 't5'];
        const uploaded = new Map<string, string>();
        for (const id of ids) {
          await directory.createTenant(sampleTenant(id));
          const demo = makeDemoCertificates({ nit: '900123456', legalName: `EMPRESA ${id} S.A.S.` }, at);
          await directory.storeCertificate(id, demo.p12, demo.password, at);
          uploaded.set(id, demo.caPem);
        }
        const restarted = await another();
        const before = loader.opened;
        for (const id of ids) {
          const stored = (await restarted.certificateChain(id))!;
          expect(stored.generation).toBe(1);
          expect(stored.chain).toHaveLength(2); // the leaf, then the CA that issued it
          expect(stored.chain[0].subjectName).toContain(`EMPRESA ${id} S.A.S.`);
          expect(Buffer.from(stored.chain[1]!.der).toString('base64')).toBe(
            uploaded.get(id)!.replace(/-----[A-Z ]+-----|\s/g, ''),
          );
          expect(await restarted.certificateRevocation(id, at)).toEqual({ status: 'not-published' });
          await expect(restarted.certificateRevocation(id, new Date('2099-01-01T00:00:00Z'))).rejects.toThrowError(
            code('CERT_EXPIRED'),
          );
          await expect(restarted.certificateRevocation(id, new Date('2020-01-01T00:00:00Z'))).rejects.toThrowError(
            code('CERT_NOT_YET_VALID'),
          );
        }
        expect(loader.opened - before).toBe(0);
        expect(await restarted.certificateChain('acme')).toBeUndefined();
        expect(await restarted.certificateRevocation('nobody', at)).toBeUndefined();
        // The kept chain is the very chain the signer gets from the .p12 (which derives: counted after).
        expect((await restarted.credential('t1', at))!.chain).toEqual((await restarted.certificateChain('t1'))!.chain);
      });

      it('derives the chain of a certificate stored before chains were kept once, and keeps it for every later registry', async () => {
        const { directory, another, forgetStoredChains } = await withTenants();
        await directory.storeCertificate('acme', good.p12, good.password, at);
        await forgetStoredChains();
        const first = await another();
        const before = loader.opened;
        const answers = await Promise.all([
          first.certificateChain('acme'),
          first.certificateRevocation('acme', at),
          first.credential('acme', at),
          first.certificateChain('acme'),
        ]);
        expect(loader.opened - before).toBe(1); // one derivation, shared by every caller meanwhile
        expect(answers[0]!.chain[0].serialNumber).toBe(good.serialNumber);
        expect(answers[1]).toEqual({ status: 'not-published' });
        const later = await another();
        expect((await later.certificateChain('acme'))!.chain).toEqual(answers[0]!.chain);
        expect(await later.certificateRevocation('acme', at)).toEqual({ status: 'not-published' });
        expect(loader.opened - before).toBe(1); // kept: no other start derives it again
        const next = makeTestP12();
        await later.storeCertificate('acme', next.p12, next.password, at);
        expect(await later.certificateChain('acme')).toMatchObject({ generation: 2 });
        expect((await later.certificateChain('acme'))!.chain[0].serialNumber).toBe(next.serialNumber);
      });
    });

    describe('trusted CAs', () => {
      const { caPem, leafPem } = makeDemoCertificates({ nit: '900123456', legalName: 'EMPRESA DEMO S.A.S.' }, at);

      it('records a CA once, whatever its line breaks, and lists it for everyone and for its tenant', async () => {
        const { directory } = await withTenants();
        await directory.addTrustedCa('acme', caPem);
        await directory.addTrustedCa('acme', caPem.replace(/\r?\n/g, '\r\n'));
        const pems = await directory.trustedCaPems();
        expect(pems).toHaveLength(1);
        expect(pems[0]!.replace(/\s/g, '')).toBe(caPem.replace(/\s/g, ''));
        expect(await directory.trustedCaPems('acme')).toEqual(pems);
        expect(await directory.trustedCaPems('prod')).toEqual([]);
      });

      it('refuses a leaf certificate, two certificates at once, garbage and an unknown tenant', async () => {
        const { directory } = await withTenants();
        await expect(directory.addTrustedCa('acme', leafPem)).rejects.toThrowError(code('CA_CERTIFICATE_INVALID'));
        await expect(directory.addTrustedCa('acme', caPem + caPem)).rejects.toThrowError(
          code('CA_CERTIFICATE_INVALID'),
        );
        await expect(
          directory.addTrustedCa('acme', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'),
        ).rejects.toThrowError(code('CA_CERTIFICATE_INVALID'));
        await expect(directory.addTrustedCa('nobody', caPem)).rejects.toThrowError(code('TENANT_NOT_FOUND'));
        expect(await directory.trustedCaPems()).toEqual([]);
      });
    });

    describe('habilitación test-set runs', () => {
      const run = (runId: string, leaseUntil: Date, changes: Partial<TestSetRun> = {}): TestSetRun => ({
        runId,
        holder: 'h1',
        testSetId: 'set-1',
        actor: 'portal:ana@acme.co',
        startedAt: at,
        leaseUntil,
        state: 'running',
        total: 2,
        sent: 0,
        accepted: 0,
        rejected: [],
        ...changes,
      });
      const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

      it('keeps the run and its progress, the same for another registry on the same storage', async () => {
        const { directory, another } = await withTenants();
        expect(await directory.testSetRun('acme')).toBeUndefined();
        expect(await directory.claimTestSetRun('acme', run('r1', later(1)), at)).toBe(true);
        const progressed = run('r1', later(2), {
          sent: 2,
          accepted: 1,
          rejected: [{ number: 'SETP990000001', message: 'FAD06: <b>no</b>' }],
        });
        expect(await directory.saveTestSetRun('acme', progressed)).toBe(true);
        expect(await (await another()).testSetRun('acme')).toEqual(progressed);
        expect(await directory.testSetRun('prod')).toBeUndefined();
      });

      it("refuses a second run while the first one's lease lasts; takes it over once the lease ended or the run finished", async () => {
        const { directory, another } = await withTenants();
        const second = await another();
        expect(await directory.claimTestSetRun('acme', run('r1', later(1)), at)).toBe(true);
        expect(await second.claimTestSetRun('acme', run('r2', later(2)), at)).toBe(false);
        // the lease ended: a takeover
        expect(await second.claimTestSetRun('acme', run('r1', later(3), { holder: 'h2' }), later(1))).toBe(true);
        expect((await directory.testSetRun('acme'))?.leaseUntil).toEqual(later(3));
        // the first holder lost it
        expect(await directory.saveTestSetRun('acme', run('r1', later(4), { sent: 1 }))).toBe(false);
        expect(await second.saveTestSetRun('acme', run('r1', later(3), { holder: 'h2', state: 'failed' }))).toBe(true);
        // finished: a new run
        expect(await directory.claimTestSetRun('acme', run('r2', later(4)), later(2))).toBe(true);
        // replaced: nothing written
        expect(await second.saveTestSetRun('acme', run('r1', later(5), { holder: 'h2', state: 'passed' }))).toBe(false);
        expect((await directory.testSetRun('acme'))?.runId).toBe('r2');
      });

      it('refuses a run for an unknown tenant', async () => {
        const { directory } = await withTenants();
        await expect(directory.claimTestSetRun('nobody', run('r1', later(1)), at)).rejects.toThrowError(
          code('TENANT_NOT_FOUND'),
        );
      });
    });
  });
}
