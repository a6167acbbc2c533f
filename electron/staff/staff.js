// The staff screen: plain DOM over window.arrivalsStaff (electron/preload/staff.ts). Served by the main process
// under its own CSP; it never talks to the network itself.
/* global document, window */
const bridge = window.arrivalsStaff;
const $ = (selector) => document.querySelector(selector);

function show(id) {
  $('#unlock').hidden = id !== 'unlock';
  $('#panel').hidden = id !== 'panel';
}

function option(value, text, selected) {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = text;
  element.selected = selected;
  return element;
}

async function render() {
  const state = await bridge.state();
  if (!state.unlocked) return show('unlock');
  show('panel');
  $('#no-pin').hidden = state.pinSet;
  for (const input of document.querySelectorAll('input[name="view"]'))
    input.checked = input.value === state.view;
  for (const input of document.querySelectorAll('input[name="mode"]'))
    input.checked = input.value === state.mode;
  $('#hub').value = state.hubUrl ?? '';
  const events = $('#event');
  events.replaceChildren(
    option('', 'Choose on the kiosk (list of events)', state.eventId === null),
    ...state.events.map((event) =>
      option(event.id, `${event.name} (${event.organization})`, event.id === state.eventId),
    ),
  );
  const urls = $('#hub-urls');
  urls.hidden = state.mode !== 'hub';
  urls.replaceChildren(
    ...state.lanUrls.map(({ url, qr }) => {
      const figure = document.createElement('figure');
      const image = document.createElement('img');
      image.src = qr;
      image.alt = `QR code of ${url}`;
      const caption = document.createElement('figcaption');
      caption.textContent = `Other kiosks and browsers: ${url}`;
      figure.append(image, caption);
      return figure;
    }),
  );
}

$('#unlock').addEventListener('submit', async (event) => {
  event.preventDefault();
  const result = await bridge.unlock($('#pin').value);
  $('#pin').value = '';
  if (result.outcome === 'open') return render();
  $('#unlock-message').textContent =
    result.outcome === 'locked'
      ? `Too many wrong PINs. Try again in ${result.retryInSeconds} seconds.`
      : 'That PIN is not right.';
});

$('#panel').addEventListener('submit', async (event) => {
  event.preventDefault();
  const checked = (name) => document.querySelector(`input[name="${name}"]:checked`)?.value;
  const result = await bridge.save({
    mode: checked('mode') ?? 'standalone',
    hubAddress: $('#hub').value,
    eventId: $('#event').value || null,
    view: checked('view') ?? 'kiosk',
  });
  if (!result.ok) $('#panel-message').textContent = result.reason;
});

document.addEventListener('click', async (event) => {
  const action = event.target instanceof window.HTMLElement ? event.target.dataset.action : undefined;
  if (action === 'close') bridge.close();
  if (action === 'quit') bridge.quit();
  if (action === 'set-pin') {
    const result = await bridge.setPin($('#new-pin').value);
    $('#new-pin').value = '';
    $('#panel-message').textContent = result.ok ? 'The staff PIN is set.' : result.reason;
    if (result.ok) $('#no-pin').hidden = true;
  }
  if (action === 'find-hubs') {
    $('#found-hubs').replaceChildren(document.createTextNode('Looking for hubs…'));
    const hubs = await bridge.findHubs();
    const items = hubs.map((hub) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'secondary';
      button.textContent = `${hub.name} — ${hub.url}`;
      button.addEventListener('click', () => ($('#hub').value = hub.url));
      item.append(button);
      return item;
    });
    $('#found-hubs').replaceChildren(
      ...(items.length ? items : [document.createTextNode('No hub found. Type its address.')]),
    );
  }
});

void render();
