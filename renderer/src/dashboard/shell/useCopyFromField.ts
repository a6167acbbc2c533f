import { useRef, useState } from 'react';

export type CopyOutcome = 'yes' | 'failed' | null;

/**
 * Copying the value of a read-only text field, for its Copy button. The Clipboard API exists on secure origins
 * only, and a dashboard opened at a LAN address over http has none: there the field's selection is copied instead,
 * and where even that is refused the text is left selected for the person to copy by hand.
 */
export function useCopyFromField(value: string) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<CopyOutcome>(null);

  const copy = async () => {
    try {
      if (navigator.clipboard) await navigator.clipboard.writeText(value);
      else {
        input.current?.select();
        if (!document.execCommand('copy')) throw new Error('copy refused');
      }
      setCopied('yes');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopied('failed');
    }
  };

  return { input, copied, copy };
}
