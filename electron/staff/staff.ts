// The staff screen: plain DOM over window.arrivalsStaff (electron/preload/staff.ts). Served by the main process
// under its own CSP, bundled into one classic script at build time (electron/page-script.ts); it never talks to the
// network itself.
import type { StaffBridge, StaffSaveResult } from '../bridge.ts';
import {
  eventLabel,
  hubLabel,
  lanUrlCaption,
  NO_EVENT_LABEL,
  PAIRED_MESSAGE,
  PAIRING_PROGRESS,
  pairingLines,
  pairRequest,
  pinMessage,
  staffChange,
  UNPAIRED_MESSAGE,
  UNPAIRING_PROGRESS,
  unlockMessage,
} from './staff-view.ts';

declare global {
  interface Window {
    arrivalsStaff: StaffBridge;
  }
}

const bridge = window.arrivalsStaff;

/** An element of the page, of the type the page's markup (index.html) gives it. */
function element<T extends HTMLElement>(selector: string, type: new () => T): T {
  const found = document.querySelector(selector);
  if (!(found instanceof type)) throw new Error(`The staff page has no ${selector}.`);
  return found;
}

const unlockForm = element('#unlock', HTMLFormElement);
const firstPinForm = element('#first-pin', HTMLFormElement);
const firstPin = element('#first-pin-value', HTMLInputElement);
const firstPinLine = element('#first-pin-message', HTMLElement);
const panel = element('#panel', HTMLFormElement);
const pin = element('#pin', HTMLInputElement);
const newPin = element('#new-pin', HTMLInputElement);
const hub = element('#hub', HTMLInputElement);
const events = element('#event', HTMLSelectElement);
const shortPin = element('#short-pin', HTMLElement);
const setupCode = element('#setup-code', HTMLElement);
const setupCodeValue = element('#setup-code-value', HTMLElement);
const hubUrls = element('#hub-urls', HTMLElement);
const foundHubs = element('#found-hubs', HTMLElement);
const unlockLine = element('#unlock-message', HTMLElement);
const panelLine = element('#panel-message', HTMLElement);
const paired = element('#paired', HTMLElement);
const unpaired = element('#unpaired', HTMLElement);
const pairedHub = element('#paired-hub', HTMLElement);
const pairedDetail = element('#paired-detail', HTMLElement);
const unpairConfirm = element('#unpair-confirm', HTMLElement);
const pairingCode = element('#pairing-code', HTMLInputElement);
const deviceName = element('#device-name', HTMLInputElement);
const pairingLine = element('#pairing-message', HTMLElement);

function show(id: 'first-pin' | 'unlock' | 'panel'): void {
  firstPinForm.hidden = id !== 'first-pin';
  unlockForm.hidden = id !== 'unlock';
  panel.hidden = id !== 'panel';
  if (id === 'first-pin') firstPin.focus();
}

function option(value: string, text: string, selected: boolean): HTMLOptionElement {
  const created = document.createElement('option');
  created.value = value;
  created.textContent = text;
  created.selected = selected;
  return created;
}

function radios(name: string): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)];
}

async function render(): Promise<void> {
  const state = await bridge.state();
  if (!state.pinSet) return show('first-pin');
  if (!state.unlocked) return show('unlock');
  show('panel');
  shortPin.hidden = !state.shortPin;
  setupCode.hidden = state.setupCode === null;
  setupCodeValue.textContent = state.setupCode ?? '';
  for (const input of radios('view')) input.checked = input.value === state.view;
  for (const input of radios('mode')) input.checked = input.value === state.mode;
  hub.value = state.hubUrl ?? '';
  paired.hidden = state.pairing === null;
  unpaired.hidden = state.pairing !== null;
  unpairConfirm.hidden = true;
  if (state.pairing) {
    const lines = pairingLines(state.pairing);
    pairedHub.textContent = lines.hub;
    pairedDetail.textContent = lines.detail;
  }
  events.replaceChildren(
    option('', NO_EVENT_LABEL, state.eventId === null),
    ...state.events.map((event) => option(event.id, eventLabel(event), event.id === state.eventId)),
  );
  hubUrls.hidden = state.mode !== 'hub';
  hubUrls.replaceChildren(
    ...state.lanUrls.map(({ url, qr }) => {
      const figure = document.createElement('figure');
      const image = document.createElement('img');
      image.src = qr;
      image.alt = `QR code of ${url}`;
      const caption = document.createElement('figcaption');
      caption.textContent = lanUrlCaption(url);
      figure.append(image, caption);
      return figure;
    }),
  );
}

unlockForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const result = await bridge.unlock(pin.value);
  pin.value = '';
  const message = unlockMessage(result);
  if (message === null) return render();
  unlockLine.textContent = message;
});

firstPinForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const result = await bridge.setPin(firstPin.value);
  firstPin.value = '';
  if (result.ok) return render();
  firstPinLine.textContent = pinMessage(result);
});

panel.addEventListener('submit', async (event) => {
  event.preventDefault();
  const checked = (name: string) => radios(name).find((input) => input.checked)?.value;
  const result = await bridge.save(
    staffChange({
      mode: checked('mode'),
      view: checked('view'),
      hubAddress: hub.value,
      eventId: events.value,
    }),
  );
  if (!result.ok) panelLine.textContent = result.reason;
});

async function findHubs(): Promise<void> {
  foundHubs.replaceChildren(document.createTextNode('Looking for hubs…'));
  const found = await bridge.findHubs();
  const items = found.map((each) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary';
    button.textContent = hubLabel(each);
    button.addEventListener('click', () => (hub.value = each.url));
    item.append(button);
    return item;
  });
  foundHubs.replaceChildren(
    ...(items.length ? items : [document.createTextNode('No hub found. Type its address.')]),
  );
}

/** Pairing and unpairing restart the server and can take seconds: the buttons wait, the line says why. */
async function changePairing(progress: string, work: () => Promise<StaffSaveResult>, done: string) {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('#pairing button')];
  for (const button of buttons) button.disabled = true;
  pairingLine.textContent = progress;
  try {
    const result = await work();
    if (result.ok) {
      pairingCode.value = '';
      await render();
    }
    pairingLine.textContent = result.ok ? done : result.reason;
  } finally {
    for (const button of buttons) button.disabled = false;
  }
}

document.addEventListener('click', async (event) => {
  const action = event.target instanceof HTMLElement ? event.target.dataset.action : undefined;
  if (action === 'close') bridge.close();
  if (action === 'quit') bridge.quit();
  if (action === 'set-pin') {
    const result = await bridge.setPin(newPin.value);
    newPin.value = '';
    panelLine.textContent = pinMessage(result);
    if (result.ok) shortPin.hidden = true;
  }
  if (action === 'find-hubs') await findHubs();
  if (action === 'pair') {
    const request = pairRequest({ hubAddress: hub.value, code: pairingCode.value, name: deviceName.value });
    await changePairing(PAIRING_PROGRESS, () => bridge.pair(request), PAIRED_MESSAGE);
  }
  if (action === 'unpair') unpairConfirm.hidden = false;
  if (action === 'cancel-unpair') unpairConfirm.hidden = true;
  if (action === 'confirm-unpair')
    await changePairing(UNPAIRING_PROGRESS, () => bridge.unpair(), UNPAIRED_MESSAGE);
});

void render();
