// Tells the portal page that frames this one how tall it is, so the frame fits the form and nothing
// hides behind a scroll of its own (the frame is sandboxed: the portal cannot read it).
(() => {
  const tell = () =>
    parent.postMessage({ type: 'enq:frame-height', height: document.documentElement.scrollHeight }, '*');
  new ResizeObserver(tell).observe(document.body);
  addEventListener('load', tell);
})();
