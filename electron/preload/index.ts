import { contextBridge, ipcRenderer } from 'electron';
import type { KioskBridge, PrintResult } from '../../renderer/src/kiosk/kiosk-bridge.ts';
import { IPC } from '../bridge.ts';

/**
 * The kiosk page's preload: two named functions and a flag, never ipcRenderer itself, so a compromised page can do
 * no more than ask for the staff PIN prompt or print itself (the badge sheet it drew). Only the kiosk window loads it.
 */
const bridge = {
  kioskMode: true,
  requestStaffExit: () => ipcRenderer.send(IPC.kioskStaffExit),
  printPage: () => ipcRenderer.invoke(IPC.kioskPrintPage) as Promise<PrintResult>,
} satisfies KioskBridge;

contextBridge.exposeInMainWorld('arrivals', bridge);
