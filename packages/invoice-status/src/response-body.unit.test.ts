import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createInvoiceResponseSchema,
  errorSchema,
  invoiceStatusResponseSchema,
  type InvoiceEvent,
} from '@fe/contracts';
import { FilesystemBlobStore, SignedLinks } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import { invoiceFixture } from '../test-support/invoice-events.ts';
import { evolve } from './evolve.ts';
import type { InvoiceStatusView } from './invoice-status.ts';
import { createResponseBody, invoiceBlobKeys, invoiceLinks, statusResponseBody } from './response-body.ts';

const fold = (events: InvoiceEvent[]) => events.reduce(evolve, undefined) as InvoiceStatusView;
const links = {
  xmlUrl: 'http://127.0.0.1:8080/files/demo/a.xml?expires=1&signature=x',
  pdfUrl: 'http://127.0.0.1:8080/files/demo/a.pdf?expires=1&signature=y',
};

/** Both bodies of a view, each checked against its published schema (parse throws on a mismatch). */
function bodies(view: InvoiceStatusView) {
  const created = createResponseBody(view, links);
  const status = statusResponseBody(view, links);
  createInvoiceResponseSchema.strict().parse(created);
  invoiceStatusResponseSchema.strict().parse(status);
  return { created, status };
}

describe('response bodies', () => {
  it('pending: not a success, the cufe as track id, no rules, no error', () => {
    const inv = invoiceFixture();
    const view = fold([inv.requested(), inv.signed()]);
    const { created, status } = bodies(view);
    expect(created).toEqual({
      success: false,
      cufe: inv.cufe,
      number: inv.documentId,
      issued_at: '2026-03-10T10:00:00-05:00',
      xml_url: links.xmlUrl,
      pdf_url: links.pdfUrl,
      status: 'pending',
      tax_authority_response: {
        track_id: inv.cufe,
        status: 'pending',
        status_message: 'Pendiente de validación por la DIAN.',
      },
    });
    expect(status).toMatchObject({ stage: 'signed', created_at: view.createdAt, updated_at: view.updatedAt });
    expect(status.history.map((h) => h.stage)).toEqual(['requested', 'signed']);
  });

  it('pending after a failed submission says a retry is scheduled, until a later attempt goes through', () => {
    const inv = invoiceFixture();
    const [requested, signed, failed] = [inv.requested(), inv.signed(), inv.failed(1)];
    const failing = bodies(fold([requested, signed, failed])).created.tax_authority_response.status_message;
    expect(failing).not.toBe('Pendiente de validación por la DIAN.');
    expect(failing).toMatch(/DIAN no está disponible.*nuevo intento/);
    const retried = bodies(fold([requested, signed, failed, inv.submitted(2)])).created;
    expect(retried.tax_authority_response.status_message).toBe('Pendiente de validación por la DIAN.');
  });

  it("accepted with notifications: success, DIAN's message and its rules, no error", () => {
    const inv = invoiceFixture();
    const notifications = [{ rule: 'FAJ40', message: 'No fue informado el correo del adquiriente.' }];
    const view = fold([inv.requested(), inv.signed(), inv.submitted(), inv.accepted(notifications), inv.rendered()]);
    const { created, status } = bodies(view);
    expect(created.success).toBe(true);
    expect(created.status).toBe('accepted');
    expect(created.tax_authority_response).toEqual({
      track_id: inv.cufe,
      status: 'accepted',
      status_message: `La Factura electrónica ${inv.documentId}, ha sido autorizada.`,
      errors: notifications,
    });
    expect(created).not.toHaveProperty('error');
    expect(status).toMatchObject({ stage: 'accepted', updated_at: view.updatedAt });
  });

  it('accepted without notifications leaves errors out', () => {
    const inv = invoiceFixture();
    const { created } = bodies(fold([inv.requested(), inv.signed(), inv.submitted(), inv.accepted()]));
    expect(created.tax_authority_response).not.toHaveProperty('errors');
  });

  it('rejected: TAX_AUTHORITY_REJECTED with one detail per DIAN rule', () => {
    const inv = invoiceFixture();
    const rules = [
      { rule: 'FAD06', message: 'Valor del CUFE no está calculado correctamente.' },
      { rule: 'FAB05b', message: 'Fecha fuera de rango.' },
    ];
    const { created, status } = bodies(fold([inv.requested(), inv.signed(), inv.submitted(), inv.rejected(rules)]));
    expect(created.success).toBe(false);
    expect(created.tax_authority_response).toMatchObject({ status: 'rejected', errors: rules });
    expect(errorSchema.parse(created.error)).toMatchObject({ code: 'TAX_AUTHORITY_REJECTED' });
    expect(created.error!.details.map((d) => d.path)).toEqual([
      'tax_authority_response.errors',
      'tax_authority_response.errors',
    ]);
    expect(created.error!.details.map((d) => d.message.split(':')[0])).toEqual(['FAD06', 'FAB05b']);
    expect(status.error).toEqual(created.error);
  });

  it('uses the recorded blob keys, else the deterministic ones, and signs both', async () => {
    const inv = invoiceFixture();
    const early = fold([inv.requested()]);
    expect(invoiceBlobKeys(early)).toEqual({
      xmlKey: `demo/${inv.documentId}.xml`,
      pdfKey: `demo/${inv.documentId}.pdf`,
    });
    const late = { ...fold([inv.requested(), inv.signed()]), xmlKey: 'demo/2026/signed.xml' };
    expect(invoiceBlobKeys(late).xmlKey).toBe('demo/2026/signed.xml');

    const dir = mkdtempSync(join(tmpdir(), 'fe-links-'));
    try {
      const now = new Date('2026-03-10T15:00:00Z');
      const signer = new SignedLinks(new Uint8Array(32).fill(7), 'http://127.0.0.1:8080/files');
      const minted = await invoiceLinks(new FilesystemBlobStore(dir, signer, () => now), late, 3600);
      const check = (url: string, key: string) => {
        const u = new URL(url);
        expect(u.pathname).toBe(`/files/${key}`);
        return signer.verify(
          key,
          u.searchParams.get('expires') ?? undefined,
          u.searchParams.get('signature') ?? undefined,
          now,
        );
      };
      expect(check(minted.xmlUrl, 'demo/2026/signed.xml')).toBe('ok');
      expect(check(minted.pdfUrl, `demo/${inv.documentId}.pdf`)).toBe('ok');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the status body's RADIAN fields (docs/radian.md)", () => {
  const status = (view: InvoiceStatusView, today?: string) => {
    const body = statusResponseBody(view, links, today);
    invoiceStatusResponseSchema.strict().parse(body);
    return body;
  };

  it('an accepted invoice without events: buyer_answer none; a pending one says nothing of RADIAN', () => {
    const inv = invoiceFixture();
    expect(status(fold([inv.requested(), inv.signed()])).buyer_answer).toBeUndefined();
    const body = status(fold([inv.requested(), inv.signed(), inv.submitted(), inv.accepted()]));
    expect(body).toMatchObject({ buyer_answer: 'none' });
    expect(body.radian_events).toBeUndefined();
  });

  it('goods received: the events, from when a tacit acceptance is possible, and whether it is today', () => {
    const inv = invoiceFixture();
    // 2026-12-04 is a Friday; Tuesday 8th is a holiday: business days 7, 9, 10, so from the 11th.
    const view = fold([
      inv.requested(),
      inv.signed(),
      inv.submitted(),
      inv.accepted(),
      inv.radian('030', '1', '2026-12-04'),
      inv.radian('032', '2', '2026-12-04'),
      inv.radian('032', '2', '2026-12-04'), // a repeat (two checks raced): one event
    ]);
    expect(status(view, '2026-12-10')).toMatchObject({
      buyer_answer: 'goods_received',
      tacit_acceptance_available_from: '2026-12-11',
      tacit_acceptance_available: false,
      radian_events: [
        { code: '030', event_id: 'EV030', issue_date: '2026-12-04', sender_nit: '900108281', issued_by_us: false },
        { code: '032', cude: '2'.repeat(96) },
      ],
    });
    expect(status(view, '2026-12-11').tacit_acceptance_available).toBe(true);
    expect(status(view).tacit_acceptance_available).toBeUndefined();
  });

  it('tacitly accepted, claimed: final answers, no date', () => {
    const inv = invoiceFixture();
    const base = [inv.requested(), inv.signed(), inv.submitted(), inv.accepted(), inv.radian('030', '1', '2026-12-04')];
    const tacit = status(
      fold([...base, inv.radian('032', '2', '2026-12-04'), inv.radian('034', '3', '2026-12-11', true)]),
      '2026-12-11',
    );
    expect(tacit).toMatchObject({ buyer_answer: 'tacitly_accepted' });
    expect(tacit.tacit_acceptance_available_from).toBeUndefined();
    expect(tacit.radian_events!.at(-1)).toMatchObject({ code: '034', issued_by_us: true });
    expect(status(fold([...base, inv.radian('031', '4', '2026-12-05')]))).toMatchObject({
      buyer_answer: 'claimed',
      radian_events: [{ code: '030' }, { code: '031', claim_reason: '02' }],
    });
  });
});
