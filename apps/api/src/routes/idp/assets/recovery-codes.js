// The recovery codes page's Copy button (TOTP-09): the codes go to the clipboard, one a line, and the
// page says so. Without JavaScript the button stays hidden and Download still works.
const button = document.getElementById('copy-codes');
const status = document.getElementById('copy-status');
if (button && status) {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const text = `enQ recovery codes\n\n${button.dataset.codes.split(' ').join('\n')}\n`;
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = 'Copied. Paste them somewhere safe.';
    } catch {
      status.textContent = 'The codes could not be copied here: download them, or write them down.';
    }
  });
}
