import { describe, expect, it } from 'vitest';
import type { ReceptionMailboxStore } from '../src/mailboxes/reception-mailbox-store.ts';

/** What every ReceptionMailboxStore adapter does (SQLite in the unit run, PostgreSQL in the int run). */
export function receptionMailboxStoreContract(
  name: string,
  open: () => Promise<{ store: ReceptionMailboxStore; raw: () => Promise<string> }>,
): void {
  describe(`ReceptionMailboxStore contract: ${name}`, () => {
    const settings = { url: 'imaps://mail.acme.co', user: 'recepcion@acme.co', folder: 'INBOX' };

    it('keeps one mailbox per tenant, the password sealed at rest and opened for the poller only', async () => {
      const { store, raw } = await open();
      const at = new Date('2026-11-20T10:00:00.000Z');
      await store.set('acme', settings, 'clave-secreta-1', at);
      await store.set('acme', { ...settings, folder: 'Facturas' }, 'clave-secreta-2', at);
      await store.set('beta', settings, 'otra-clave', at);
      expect(await store.get('acme')).toEqual({ ...settings, folder: 'Facturas', updatedAt: at });
      expect(JSON.stringify(await store.get('acme'))).not.toContain('clave');
      expect((await store.all()).map((m) => [m.tenantId, m.password, m.settings.folder])).toEqual([
        ['acme', 'clave-secreta-2', 'Facturas'],
        ['beta', 'otra-clave', 'INBOX'],
      ]);
      expect(await raw()).not.toContain('clave-secreta');
      expect(await store.remove('beta')).toBe(true);
      expect(await store.remove('beta')).toBe(false);
      expect(await store.get('beta')).toBeUndefined();
      await store.close();
    });
  });
}
