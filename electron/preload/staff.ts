import { contextBridge, ipcRenderer } from 'electron';
import {
  IPC,
  type StaffBridge,
  type StaffChange,
  type StaffPairRequest,
  type StaffSaveResult,
  type StaffState,
  type StaffUnlockResult,
} from '../bridge.ts';

/** The staff screen's preload. Main checks the unlock on every call, not this script. */
const bridge = {
  unlock: (pin: string) => ipcRenderer.invoke(IPC.staffUnlock, pin) as Promise<StaffUnlockResult>,
  state: () => ipcRenderer.invoke(IPC.staffState) as Promise<StaffState>,
  save: (change: StaffChange) => ipcRenderer.invoke(IPC.staffSave, change) as Promise<StaffSaveResult>,
  setPin: (pin: string) => ipcRenderer.invoke(IPC.staffSetPin, pin) as Promise<StaffSaveResult>,
  findHubs: () => ipcRenderer.invoke(IPC.staffFindHubs) as Promise<{ name: string; url: string }[]>,
  pair: (request: StaffPairRequest) => ipcRenderer.invoke(IPC.staffPair, request) as Promise<StaffSaveResult>,
  unpair: () => ipcRenderer.invoke(IPC.staffUnpair) as Promise<StaffSaveResult>,
  close: () => ipcRenderer.send(IPC.staffClose),
  quit: () => ipcRenderer.send(IPC.staffQuit),
} satisfies StaffBridge;

contextBridge.exposeInMainWorld('arrivalsStaff', bridge);
