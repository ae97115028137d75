// Sizes each firetime frame to the height its card posts (the README's host snippet). Through the
// CSSOM (a style attribute in markup would need 'unsafe-inline'), past heights.css's first height.
addEventListener('message', (event) => {
  const { data } = event;
  if (data?.type !== 'firetime:resize' || typeof data.height !== 'number') return;
  for (const frame of document.querySelectorAll('iframe[src*="/embed/"]'))
    if (frame.contentWindow === event.source) {
      frame.height = String(Math.ceil(data.height));
      frame.style.height = `${Math.ceil(data.height)}px`;
    }
});
