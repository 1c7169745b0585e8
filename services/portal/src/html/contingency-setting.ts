import type { ContingencySetting } from '@fe/tenancy';
import { csrfField } from './form.ts';
import { html, type Html } from './html.ts';

/** Settings' contingency (docs/contingency.md): type-04 invoices never, while DIAN is down, or from now on. */
export function contingencySection(setting: ContingencySetting, csrf: string): Html {
  const option = (value: ContingencySetting, label: string) =>
    html`<label><input type="radio" name="contingency" value="${value}"${setting === value ? html` checked` : ''}> ${label}</label>`;
  return html`<section aria-labelledby="contingency-title">
  <h2 id="contingency-title">Contingencia (DIAN no disponible)</h2>
  <p>Mientras la DIAN no recibe documentos, sus facturas pueden emitirse como facturas de contingencia (tipo 04): el comprador las recibe al momento con la leyenda de contingencia, y se transmiten a la DIAN en orden en cuanto vuelve, dentro del plazo legal.</p>
  <form class="card" method="post" action="/admin/settings/contingency" data-contingency="${setting}">${csrfField(csrf)}
    <fieldset><legend>Las facturas de contingencia</legend>
      ${option('off', 'nunca: las facturas esperan a que la DIAN responda')}
      ${option('automatic', 'automáticamente, mientras el servicio detecta que la DIAN no responde')}
      ${option('on', 'siempre, hasta que lo cambie (una contingencia que la DIAN anunció)')}
    </fieldset>
    <button type="submit" class="secondary">Guardar</button>
  </form>
</section>`;
}
