import type { TestSetProgress } from '../ports/test-set-runner.ts';
import { html, type Html } from './html.ts';

const POLL_MS = 1500;

/**
 * A habilitación run's progress in a status region with a named progressbar. While it runs, portal.js reads the page
 * again and replaces only this region's content, so a screen reader hears each change and focus stays put.
 */
export function testSetProgress(run: TestSetProgress): Html {
  const answered = run.accepted + run.rejected.length;
  const percent = run.total > 0 ? Math.round((100 * answered) / run.total) : 0;
  const headline =
    run.state === 'running'
      ? 'Enviando el set de pruebas y esperando la respuesta de la DIAN…'
      : run.state === 'passed'
        ? 'Set de pruebas aceptado.'
        : 'La DIAN rechazó documentos del set.';
  const counts = `${run.sent} de ${run.total} enviadas · ${run.accepted} aceptadas · ${run.rejected.length} rechazadas`;
  return html`<div data-test-set="${run.state}" role="status" aria-atomic="true"${run.state === 'running' ? html` data-poll-ms="${POLL_MS}"` : ''}>
    <p>${headline}</p>
    <div class="progress" role="progressbar" aria-label="Progreso del set de pruebas" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${percent}" aria-valuetext="${answered} de ${run.total} documentos con respuesta de la DIAN"><span class="w${Math.round(percent / 10) * 10}"></span></div>
    <p>${counts}</p>
    ${run.rejected.length ? html`<ul>${run.rejected.map((r) => html`<li><strong>${r.number}</strong>: ${r.message}</li>`)}</ul>` : ''}
  </div>`;
}
