import type { ReceivedInvoiceResponse } from '@fe/contracts';
import { csrfField, field, notice as noticeOf, type FieldErrors } from './form.ts';
import { html, type Html } from './html.ts';

// The buyer's side in the portal (docs/portal.md, "Facturas recibidas"): pure, so a unit test reads what a page says.

type Received = ReceivedInvoiceResponse;

const answerLabels: Record<Received['buyer_answer'], string> = {
  none: 'Sin eventos',
  received: 'Acuse de recibo (030)',
  goods_received: 'Bien o servicio recibido (032)',
  claimed: 'Reclamada (031)',
  accepted: 'Aceptada expresamente (033)',
};
const eventNames: Record<string, string> = {
  '030': 'Acuse de recibo',
  '031': 'Reclamo',
  '032': 'Recibo del bien o servicio',
  '033': 'Aceptación expresa',
};
const statusLabels = { requested: 'Enviándose a la DIAN', registered: 'Registrado en la DIAN', refused: 'Rechazado' };
const claimReasons = [
  { value: '01', label: '01 Documento con inconsistencias' },
  { value: '02', label: '02 Mercancía no entregada totalmente' },
  { value: '03', label: '03 Mercancía no entregada parcialmente' },
  { value: '04', label: '04 Servicio no prestado' },
];

const checked = (invoice: Received) =>
  invoice.checks_passed ? html`<span class="ok">Verificada</span>` : html`<strong class="error">No verificada</strong>`;

export type MailboxForm = {
  current: { url: string; user: string; folder: string; updatedAt: Date } | undefined;
  values?: { url?: string; user?: string; folder?: string };
  errors: FieldErrors;
};

const mailboxLabels = { url: 'Servidor IMAP', user: 'Usuario', password: 'Clave', folder: 'Carpeta' };

/** Where the suppliers' mails are read: the current settings (never the password) and the form to change them. */
function mailboxSection(form: MailboxForm, csrf: string): Html {
  const { current, values = {}, errors } = form;
  const failed = Object.keys(errors).length > 0;
  return html`<section aria-labelledby="mailbox-title">
<h2 id="mailbox-title">Buzón de recepción</h2>
${current ? html`<p data-mailbox="${current.user}">Se lee <code>${current.user}</code> en ${current.url} (carpeta ${current.folder}).</p>` : html`<p>Aún no ha registrado el buzón al que sus proveedores envían las facturas.</p>`}
${failed ? noticeOf('error', 'Revise los campos marcados.', 'FORM_INVALID', { errors, labels: mailboxLabels }) : ''}
<form method="post" action="/admin/received/mailbox" class="stack">
  ${csrfField(csrf)}
  ${field({ name: 'url', label: mailboxLabels.url, value: values.url ?? current?.url, hint: 'imaps://servidor:993, o imap://servidor:143 con STARTTLS.', errors })}
  ${field({ name: 'user', label: mailboxLabels.user, value: values.user ?? current?.user, errors, autocomplete: 'off' })}
  ${field({ name: 'password', label: mailboxLabels.password, type: 'password', hint: 'Se guarda cifrada y no se vuelve a mostrar.', errors, autocomplete: 'new-password' })}
  ${field({ name: 'folder', label: mailboxLabels.folder, value: values.folder ?? current?.folder ?? 'INBOX', errors })}
  <button type="submit">Guardar el buzón</button>
</form>
</section>`;
}

/** The list with the upload form above it, and the reception mailbox's form when the portal has one. */
export function receivedListBody(
  invoices: readonly Received[],
  csrf: string,
  notice?: Html,
  mailbox?: MailboxForm,
): Html {
  const rows = invoices.map(
    (i) => html`<tr>
  <td><a href="/admin/received/${i.cufe}">${i.number}</a></td>
  <td>${i.supplier.name} <small>NIT ${i.supplier.nit}</small></td>
  <td>${i.issue_date ?? '—'}</td>
  <td>${i.source === 'mail' ? 'Correo' : 'Cargada'}</td>
  <td>${checked(i)}</td>
  <td>${answerLabels[i.buyer_answer]}</td>
</tr>`,
  );
  return html`${notice ?? ''}
<form method="post" action="/admin/received" enctype="multipart/form-data" class="stack">
  ${csrfField(csrf)}
  ${field({
    name: 'file',
    label: 'Factura del proveedor',
    type: 'file',
    accept: '.zip,.xml,application/zip,application/xml',
    hint: 'El zip que le envió el proveedor, su AttachedDocument o la factura XML (hasta 4 MB).',
    errors: {},
  })}
  <button type="submit">Cargar y verificar</button>
</form>
${
  invoices.length
    ? html`<table>
  <thead><tr><th>Número</th><th>Proveedor</th><th>Fecha</th><th>Llegó por</th><th>Verificación</th><th>Eventos</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`
    : html`<p>Aún no ha recibido facturas. Las que lleguen a su buzón de recepción aparecen aquí.</p>`
}
${mailbox ? mailboxSection(mailbox, csrf) : ''}`;
}

/** One received invoice: its checks with their reasons, its events, and the form of the next event when it may go. */
export function receivedDetailBody(invoice: Received, csrf: string): Html {
  const checks = invoice.checks.map(
    (c) =>
      html`<tr><td>${c.code}</td><td>${c.ok ? 'Sí' : html`<strong class="error">No</strong>`}</td><td>${c.detail}</td></tr>`,
  );
  const events = invoice.events.map(
    (e) => html`<tr data-event-code="${e.code}" data-event-status="${e.status}">
  <td>${e.code} ${eventNames[e.code] ?? ''}</td>
  <td>${statusLabels[e.status]}</td>
  <td>${e.person ? `${e.person.first_name} ${e.person.family_name} (${e.person.id}${e.person.job_title ? `, ${e.person.job_title}` : ''}${e.person.department ? `, ${e.person.department}` : ''})` : e.claim ? `Motivo ${e.claim.reason}${e.claim.text ? `: ${e.claim.text}` : ''}` : ''}</td>
  <td>${e.cude ? html`<code>${e.cude.slice(0, 16)}…</code>` : (e.rules ?? []).map((r) => `${r.rule} ${r.message}`).join('; ')}</td>
  <td>${e.mailed_to ? `Enviado a ${e.mailed_to}` : ''}</td>
</tr>`,
  );
  return html`<dl>
  <dt>Proveedor</dt><dd>${invoice.supplier.name} (NIT ${invoice.supplier.nit})</dd>
  <dt>CUFE</dt><dd><code>${invoice.cufe}</code></dd>
  <dt>Fecha</dt><dd>${invoice.issue_date ?? '—'}</dd>
  <dt>Total</dt><dd>${invoice.payable_amount ?? '—'}</dd>
  <dt>Verificación</dt><dd>${checked(invoice)}</dd>
  <dt>Estado</dt><dd data-buyer-answer="${invoice.buyer_answer}">${answerLabels[invoice.buyer_answer]}</dd>
</dl>
<h2>Verificaciones</h2>
<table><thead><tr><th>Verificación</th><th>Pasó</th><th>Detalle</th></tr></thead><tbody>${checks}</tbody></table>
<h2>Eventos RADIAN</h2>
${events.length ? html`<table><thead><tr><th>Evento</th><th>Estado</th><th>Quién o por qué</th><th>CUDE o reglas</th><th>Proveedor</th></tr></thead><tbody>${events}</tbody></table>` : html`<p>Aún no ha enviado eventos.</p>`}
${invoice.checks_passed ? eventForms(invoice, csrf) : ''}`;
}

/** The forms of the events that may come next (the server checks the order again before signing). */
function eventForms(invoice: Received, csrf: string): Html {
  const registered = new Set(invoice.events.filter((e) => e.status === 'registered').map((e) => e.code));
  if (invoice.events.some((e) => e.status === 'requested'))
    return html`<p role="status">Un evento espera la respuesta de la DIAN. Recargue la página en unos segundos.</p>`;
  const action = `/admin/received/${invoice.cufe}/events`;
  const person = (code: string) => html`<form method="post" action="${action}" class="stack" data-event-form="${code}">
  ${csrfField(csrf)}<input type="hidden" name="code" value="${code}">
  <h3>${code} ${eventNames[code]}</h3>
  ${field({ name: 'person_id', label: 'Cédula de quien recibe', errors: {}, inputmode: 'numeric' })}
  ${field({ name: 'first_name', label: 'Nombres', errors: {} })}
  ${field({ name: 'family_name', label: 'Apellidos', errors: {} })}
  ${field({ name: 'job_title', label: 'Cargo', errors: {}, required: false })}
  ${field({ name: 'department', label: 'Área', errors: {}, required: false })}
  <button type="submit">Enviar ${code}</button>
</form>`;
  if (!registered.has('030')) return person('030');
  if (!registered.has('032')) return person('032');
  if (registered.has('031') || registered.has('033')) return html``;
  return html`${person('033')}
<form method="post" action="${action}" class="stack" data-event-form="031">
  ${csrfField(csrf)}<input type="hidden" name="code" value="031">
  <h3>031 Reclamo</h3>
  <div class="field"><label for="f-claim_reason">Motivo</label>
  <select id="f-claim_reason" name="claim_reason" required>${claimReasons.map((r) => html`<option value="${r.value}">${r.label}</option>`)}</select></div>
  ${field({ name: 'claim_text', label: 'Explicación', errors: {}, required: false })}
  <button type="submit">Enviar reclamo</button>
</form>`;
}
