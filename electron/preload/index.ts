import { contextBridge, ipcRenderer } from 'electron';
import type { Badge, KioskBridge, PrintResult } from '../../renderer/src/kiosk/kiosk-bridge.ts';
import { IPC } from '../bridge.ts';

/**
 * The kiosk page's preload: two named functions, never ipcRenderer itself, so a compromised page can do no more
 * than ask for the staff PIN prompt or print a badge.
 */
const bridge = {
  requestStaffExit: () => ipcRenderer.send(IPC.kioskStaffExit),
  printBadge: (badge: Badge) => ipcRenderer.invoke(IPC.kioskPrintBadge, badge) as Promise<PrintResult>,
} satisfies KioskBridge;

contextBridge.exposeInMainWorld('arrivals', bridge);
