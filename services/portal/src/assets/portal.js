/* global document, location -- a browser script */
// The portal's only script (the Content-Security-Policy forbids inline ones): copy-to-clipboard
// buttons and the auto-refresh of a page following a long step.
document.addEventListener('click', async (event) => {
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
});
const refresh = document.querySelector('[data-refresh-ms]');
if (refresh) setTimeout(() => location.reload(), Number(refresh.dataset.refreshMs));
