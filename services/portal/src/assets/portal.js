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
