import type { TacitAcceptanceSetting } from '@fe/tenancy';
import { csrfField } from './form.ts';
import { html, type Html } from './html.ts';

/** Settings' RADIAN tacit acceptance (docs/radian.md, "Tacit acceptance"): issued on its own, or offered. */
export function tacitAcceptanceSection(setting: TacitAcceptanceSetting, csrf: string): Html {
  const option = (value: TacitAcceptanceSetting, label: string) =>
    html`<label><input type="radio" name="tacitAcceptance" value="${value}"${setting === value ? html` checked` : ''}> ${label}</label>`;
  return html`<section aria-labelledby="tacit-title">
  <h2 id="tacit-title">Aceptación tácita (RADIAN)</h2>
  <p>Cuando el comprador registra el recibo de los bienes o servicios (evento 032) y pasan tres días hábiles sin que reclame ni acepte expresamente, la factura puede quedar aceptada tácitamente con un evento 034 que su empresa envía a la DIAN bajo la gravedad de juramento.</p>
  <form class="card" method="post" action="/admin/settings/tacit-acceptance" data-tacit-acceptance="${setting}">${csrfField(csrf)}
    <fieldset><legend>La aceptación tácita</legend>
      ${option('offer', 'se ofrece: la emite una persona desde la factura o la API')}
      ${option('automatic', 'se emite automáticamente en cuanto procede')}
    </fieldset>
    <button type="submit" class="secondary">Guardar</button>
  </form>
</section>`;
}
