import { describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import { badgePrinter } from '../../../electron/main/printing.ts';
import { FakeWebContents } from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).electronModule);

type PrintCallback = (success: boolean, reason: string) => void;

/** A kiosk page and the printer behind it; `contents` stand for the page in Electron's types. */
function kioskAndPrinter() {
  const kiosk = new FakeWebContents();
  let open = true;
  const print = badgePrinter({ kioskContents: () => (open ? (kiosk as unknown as WebContents) : null) });
  const lastPrint = () => kiosk.print.mock.calls.at(-1) as [Record<string, unknown>, PrintCallback];
  return { kiosk, print, lastPrint, close: () => (open = false) };
}

const asContents = (contents: FakeWebContents) => contents as unknown as WebContents;

describe("the desktop shell's badge printing", () => {
  it("prints the kiosk's own page silently, with the badge sheet the page drew", async () => {
    const { kiosk, print, lastPrint } = kioskAndPrinter();
    const printed = print(asContents(kiosk));
    const [options, done] = lastPrint();
    expect(options).toEqual({ silent: true, printBackground: false });
    done(true, '');
    expect(await printed).toEqual({ ok: true });
  });

  it("says the printer's reason when printing fails, and a reason of its own when there is none", async () => {
    const { kiosk, print, lastPrint } = kioskAndPrinter();
    const outOfPaper = print(asContents(kiosk));
    lastPrint()[1](false, 'The printer is out of paper.');
    expect(await outOfPaper).toEqual({ ok: false, reason: 'The printer is out of paper.' });
    const silent = print(asContents(kiosk));
    lastPrint()[1](false, '');
    expect(await silent).toEqual({ ok: false, reason: 'The badge could not be printed.' });
  });

  it('prints for the kiosk window only: another page, or a kiosk window gone, prints nothing', async () => {
    const { kiosk, print, close } = kioskAndPrinter();
    const stranger = new FakeWebContents();
    expect(await print(asContents(stranger))).toEqual({
      ok: false,
      reason: 'Only the kiosk window prints badges.',
    });
    expect(stranger.print).not.toHaveBeenCalled();
    close();
    expect(await print(asContents(kiosk))).toEqual({
      ok: false,
      reason: 'Only the kiosk window prints badges.',
    });
    expect(kiosk.print).not.toHaveBeenCalled();
  });

  it('prints one badge at a time: a second request while one prints is refused, the next one after it is not', async () => {
    const { kiosk, print, lastPrint } = kioskAndPrinter();
    const first = print(asContents(kiosk));
    expect(await print(asContents(kiosk))).toEqual({ ok: false, reason: 'A badge is printing already.' });
    expect(kiosk.print).toHaveBeenCalledTimes(1);
    lastPrint()[1](true, '');
    expect(await first).toEqual({ ok: true });
    const second = print(asContents(kiosk));
    expect(kiosk.print).toHaveBeenCalledTimes(2);
    lastPrint()[1](true, '');
    expect(await second).toEqual({ ok: true });
  });
});
