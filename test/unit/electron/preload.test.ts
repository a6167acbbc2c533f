import { describe, expect, it, vi } from 'vitest';
import { IPC } from '../../../electron/bridge.ts';
import { electronModule } from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).electronModule);

describe("the kiosk window's preload", () => {
  it('tells the page it is the locked kiosk, and asks main for the staff screen on request', async () => {
    await import('../../../electron/preload/index.ts');
    const [name, bridge] = electronModule.contextBridge.exposeInMainWorld.mock.calls[0] as [
      string,
      { kioskMode: boolean; requestStaffExit(): void; printPage(): Promise<unknown> },
    ];
    expect(name).toBe('arrivals');
    expect(bridge.kioskMode).toBe(true);
    bridge.requestStaffExit();
    expect(electronModule.ipcRenderer.send).toHaveBeenCalledWith(IPC.kioskStaffExit);
    // Printing asks main to print this page, and hands main nothing to draw.
    await bridge.printPage();
    expect(electronModule.ipcRenderer.invoke).toHaveBeenCalledWith(IPC.kioskPrintPage);
    expect(Object.keys(bridge).sort()).toEqual(['kioskMode', 'printPage', 'requestStaffExit']);
  });
});
