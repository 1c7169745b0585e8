/* global document, location, DOMParser -- a browser script */
// The portal's only script (the Content-Security-Policy forbids inline ones): focus on a refused form's error
// summary, copy-to-clipboard buttons, and a long step's progress read again and updated in place.
const summary = document.querySelector('[data-error-summary]');
if (summary) summary.focus();

const announce = (text) => {
  const region = document.getElementById('announcer');
  if (region) region.textContent = text;
};

document.addEventListener('click', async (event) => {
  const link = event.target.closest('[data-error-summary] a[href^="#"]');
  if (link) {
    const target = document.getElementById(link.getAttribute('href').slice(1));
    if (target) {
      event.preventDefault();
      target.focus();
    }
    return;
  }
  const button = event.target.closest('[data-copy-target]');
  if (!button) return;
  const input = document.getElementById(button.dataset.copyTarget);
  if (!input) return;
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand('copy');
  }
  button.textContent = 'Copiada';
  announce('Clave copiada al portapapeles.');
});

// Only the parts that changed are replaced, and never one holding focus: the reader stays where it was.
async function poll(region) {
  const answer = await fetch(location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  if (!answer.ok) return;
  const next = new DOMParser().parseFromString(await answer.text(), 'text/html');
  const fresh = next.querySelector('[data-test-set]');
  if (!fresh) return;
  if (region.innerHTML !== fresh.innerHTML) region.innerHTML = fresh.innerHTML;
  region.dataset.testSet = fresh.dataset.testSet;
  for (const part of document.querySelectorAll('[data-live-part]')) {
    const other = next.querySelector(`[data-live-part="${part.dataset.livePart}"]`);
    if (other && part.innerHTML !== other.innerHTML && !part.contains(document.activeElement)) {
      part.innerHTML = other.innerHTML;
    }
  }
  if (fresh.dataset.pollMs) setTimeout(() => void poll(region).catch(retry(region)), Number(fresh.dataset.pollMs));
  else delete region.dataset.pollMs;
}
const retry = (region) => () => setTimeout(() => void poll(region).catch(retry(region)), 5000);
const running = document.querySelector('[data-test-set][data-poll-ms]');
if (running) setTimeout(() => void poll(running).catch(retry(running)), Number(running.dataset.pollMs));

// The paper invoice form's lines: "Agregar una línea" copies the last one blank under the next number (the server
// reads the numbers in order, gaps allowed), "Quitar" removes one (the last one left is emptied instead).
const lines = document.querySelector('[data-paper-invoice] [data-lines]');
if (lines) {
  const renumber = (row, from, to) => {
    row.dataset.line = String(to);
    for (const el of row.querySelectorAll('[name], [id], [for], [aria-describedby], [data-field-error]')) {
      for (const attr of ['name', 'id', 'for', 'aria-describedby', 'data-field-error']) {
        const value = el.getAttribute(attr);
        if (value)
          el.setAttribute(
            attr,
            value.replaceAll(`lines.${from}.`, `lines.${to}.`).replaceAll(`f-lines-${from}-`, `f-lines-${to}-`),
          );
      }
    }
    row.querySelector('legend').textContent = `Línea ${to + 1}`;
    row.querySelector('[data-remove-line]').textContent = `Quitar la línea ${to + 1}`;
  };
  const blank = (row) => {
    for (const input of row.querySelectorAll('input')) input.value = '';
    for (const select of row.querySelectorAll('select')) select.value = 'none';
    for (const error of row.querySelectorAll('.error')) error.remove();
    for (const el of row.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    for (const el of row.querySelectorAll('.has-error')) el.classList.remove('has-error');
    for (const el of row.querySelectorAll('[required]')) el.removeAttribute('required');
  };
  document.addEventListener('click', (event) => {
    if (event.target.closest('[data-add-line]')) {
      const rows = lines.querySelectorAll('[data-line]');
      if (rows.length >= Number(lines.dataset.maxLines)) return announce('No caben más líneas.');
      const last = rows[rows.length - 1];
      const next = Number(last.dataset.line) + 1;
      const row = last.cloneNode(true);
      renumber(row, Number(last.dataset.line), next);
      blank(row);
      lines.append(row);
      row.querySelector('input').focus();
      return announce(`Línea ${next + 1} agregada.`);
    }
    const remove = event.target.closest('[data-remove-line]');
    if (!remove) return;
    const row = remove.closest('[data-line]');
    if (lines.querySelectorAll('[data-line]').length === 1) blank(row);
    else row.remove();
    announce('Línea quitada.');
    document.querySelector('[data-add-line]')?.focus();
  });
}
