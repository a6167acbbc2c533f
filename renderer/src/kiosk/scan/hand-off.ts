import { createContext, useContext, useEffect } from 'react';
import { useKeyboardWedge } from './useKeyboardWedge.ts';

/**
 * A code scanned with the keyboard-wedge scanner while a screen other than the home or the scan screen shows a
 * result (a check-in by email, a registration): the visit is over and the next person is scanning, so the kiosk goes
 * home and the home reads that code as if it had been scanned there. Kept here between the two screens.
 */
let handedOff: string | null = null;

/** Inside a screen that reads codes itself (its own camera and scanner): results there need no hand-off. */
export const ReadsCodesContext = createContext(false);

/** While a result is shown outside a screen that reads codes: a scanned code goes home (`leave`) to be read. */
export function useScansGoHome(leave: () => void): void {
  const readsCodes = useContext(ReadsCodesContext);
  useKeyboardWedge((code) => {
    handedOff = code;
    leave();
  }, !readsCodes);
}

/** The home reads a code handed to it, once. */
export function useHandedOffScan(read: (code: string) => void): void {
  useEffect(() => {
    const code = handedOff;
    handedOff = null;
    if (code !== null) read(code);
  }, [read]);
}
