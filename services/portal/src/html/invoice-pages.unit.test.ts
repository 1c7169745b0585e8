import type { InvoiceStatusView } from '@fe/invoice-status';
import { describe, expect, it } from 'vitest';
import { invoiceDetailBody, invoiceListBody } from './invoice-pages.ts';

const view = (over: Partial<InvoiceStatusView>): InvoiceStatusView => ({
  invoiceId: 'inv-demo-SETP1',
  tenantId: 'demo',
  cufe: 'a'.repeat(96),
  number: 'SETP1',
  prefix: 'SETP',
  consecutive: '1',
  issuedAt: '2026-11-21T22:40:02-05:00',
  buyerName: 'Cliente <S.A.S.>',
  payableAmount: '1190.00',
  status: 'accepted',
  stage: 'accepted',
  createdAt: '2026-11-21T22:40:02-05:00',
  updatedAt: '2026-11-21T22:40:03-05:00',
  history: [],
  lastEventId: 'e1',
  ...over,
});
const invoice = view({
  notes: [
    {
      reservationId: 'r1',
      kind: 'credit',
      concept: '1',
      amount: '119.00',
      status: 'accepted',
      number: 'NC1',
      cude: 'b'.repeat(96),
      noteInvoiceId: 'inv-demo-NC1',
    },
    {
      reservationId: 'r2',
      kind: 'debit',
      concept: '1',
      amount: '50.00',
      status: 'rejected',
      number: 'ND1',
      cude: 'c'.repeat(96),
      noteInvoiceId: 'inv-demo-ND1',
    },
    { reservationId: 'r3', kind: 'credit', concept: '3', amount: '10.00', status: 'pending' }, // reserved, not numbered yet
  ],
});
const credit = view({
  invoiceId: 'inv-demo-NC1',
  number: 'NC1',
  prefix: 'NC',
  documentType: 'credit_note',
  concept: '1',
  payableAmount: '119.00',
  reference: { invoiceId: 'inv-demo-SETP1', number: 'SETP1', cufe: 'a'.repeat(96), issueDate: '2026-11-21' },
});

describe("the portal's document pages", () => {
  it("the list shows each row's kind, offers a filter by kind, and escapes what the request wrote", () => {
    const page = invoiceListBody(
      [
        { view: invoice, links: {} },
        { view: credit, links: {} },
        { view: view({ invoiceId: 'x', number: 'ND2', documentType: 'debit_note' }), links: {} },
      ],
      { q: '', status: '', kind: 'credit_note' },
    ).text;
    expect(page).toMatch(/<tr data-invoice="SETP1" data-kind="invoice">[\s\S]*?<td data-label="Tipo">Factura<\/td>/);
    expect(page).toMatch(
      /<tr data-invoice="NC1" data-kind="credit_note">[\s\S]*?<td data-label="Tipo">Nota crédito<\/td>/,
    );
    expect(page).toMatch(
      /<tr data-invoice="ND2" data-kind="debit_note">[\s\S]*?<td data-label="Tipo">Nota débito<\/td>/,
    );
    expect(page).toContain('<select id="kind" name="kind"><option value="">Todos</option>');
    expect(page).toContain('<option value="credit_note" selected>Nota crédito</option>');
    expect(page).toContain('Cliente &lt;S.A.S.&gt;');
    expect(page).not.toContain('Cliente <S.A.S.>');
    expect(invoiceListBody([], { q: '', status: '', kind: 'debit_note' }).text).toContain(
      'No hay documentos con esos filtros.',
    );
  });

  it("an invoice's page lists its numbered notes with concept, amount and status, and its balance", () => {
    const page = invoiceDetailBody(invoice, {}).text;
    expect(page).toMatch(
      /<tr data-note="NC1">\s*<td data-label="Número"><a href="\/admin\/invoices\/inv-demo-NC1">NC1<\/a><\/td>\s*<td data-label="Tipo">Nota crédito<\/td>\s*<td data-label="Concepto">1 · Devolución parcial de los bienes y\/o no aceptación parcial del servicio<\/td>\s*<td data-label="Valor" class="amount">\$ 119,00<\/td>\s*<td data-label="Estado" data-status="accepted">Aceptada<\/td>/,
    );
    expect(page).toMatch(/<tr data-note="ND1">[\s\S]*?1 · Intereses[\s\S]*?data-status="rejected">Rechazada</);
    expect(page.match(/<tr data-note=/g)).toHaveLength(2); // the reservation without a number is counted, not listed
    // 1190.00 − 119.00 − 10.00 (pending counts) ; the rejected debit does not count.
    expect(page).toContain('<dt>Saldo</dt><dd data-balance="1061.00">$ 1.061,00</dd>');
    expect(page).not.toContain('data-voided');
    expect(page).toContain('<dt>CUFE</dt>');
  });

  it("writes a foreign-currency invoice's amounts with its currency code, not the peso sign", () => {
    const page = invoiceDetailBody({ ...invoice, currency: 'USD' }, {}).text;
    expect(page).toContain('<dt>Total</dt><dd>USD 1.190,00</dd>');
    expect(page).toContain('<dt>Saldo</dt><dd data-balance="1061.00">USD 1.061,00</dd>');
    expect(page).toMatch(/<tr data-note="NC1">[\s\S]*?class="amount">USD 119,00</);
    expect(page).not.toContain('$ ');
    const list = invoiceListBody([{ view: { ...invoice, currency: 'EUR' }, links: {} }], {
      q: '',
      status: '',
      kind: '',
    });
    expect(list.text).toContain('<td data-label="Total" class="amount">EUR 1.190,00</td>');
  });

  it('a voided invoice says "Anulada"; an invoice without notes shows no notes nor balance', () => {
    expect(invoiceDetailBody({ ...invoice, voided: true }, {}).text).toContain(
      'Factura · <strong data-voided>Anulada</strong>',
    );
    const plain = invoiceDetailBody(view({}), {}).text;
    expect(plain).not.toContain('Notas');
    expect(plain).not.toContain('Saldo');
  });

  it('the list and the page show the issue date, as the XML dates it in Colombia', () => {
    const late = view({ issuedAt: '2026-11-21T22:40:02-05:00' }); // already the 22nd in UTC
    expect(invoiceListBody([{ view: late, links: {} }], { q: '', status: '', kind: '' }).text).toContain(
      '<td data-label="Fecha" data-issue-date><time datetime="2026-11-21">21/11/2026</time></td>',
    );
    expect(invoiceDetailBody(late, {}).text).toContain('<time datetime="2026-11-21">21/11/2026</time>');
  });

  it('a pending PDF says why: waiting for DIAN, a retry, a failed step, or being drawn', () => {
    const pending = (v: InvoiceStatusView) =>
      /data-pdf-pending>PDF pendiente: ([^<]+)</.exec(invoiceDetailBody(v, {}).text)?.[1];
    expect(pending(view({ status: 'pending', stage: 'submitted' }))).toContain('cuando la DIAN responda');
    expect(
      pending(
        view({
          status: 'pending',
          stage: 'submission_failed',
          lastSubmissionFailure: { attempt: 1, reason: 'TIMEOUT', retriable: true, at: '2026-11-21T22:41:00-05:00' },
        }),
      ),
    ).toContain('se reintentará');
    const halt = { step: 'rendering' as const, code: 'RENDER_FAILED', attempts: 3, at: '2026-11-21T22:41:00-05:00' };
    expect(pending(view({ processingHalt: halt }))).toContain('La generación del PDF falló');
    expect(pending(view({}))).toContain('se está generando');
    expect(
      invoiceListBody([{ view: view({ status: 'pending' }), links: {} }], { q: '', status: '', kind: '' }).text,
    ).toContain('PDF pendiente: El PDF se genera cuando la DIAN responda');
    expect(invoiceDetailBody(view({}), { pdf: 'https://x.example/a.pdf' }).text).not.toContain('PDF pendiente');
  });

  it("a note's page names its kind, concept and CUDE, and links the invoice it corrects", () => {
    const page = invoiceDetailBody(credit, {}).text;
    expect(page).toContain('<dd data-kind="credit_note">Nota crédito</dd>');
    expect(page).toContain(
      '<dt>Corrige la factura</dt><dd data-referenced-invoice><a href="/admin/invoices/inv-demo-SETP1">SETP1</a> del 2026-11-21</dd>',
    );
    expect(page).toContain('<dt>Concepto</dt><dd>1 · Devolución parcial');
    expect(page).toContain('<dt>CUDE</dt>');
    expect(page).not.toContain('Saldo');
  });
});
