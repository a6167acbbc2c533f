import { useCallback } from 'react';

/**
 * A ref that moves focus to its element when the element appears, so a screen reader announces the new screen and
 * the keyboard starts from its top (a single-page app gets no page load to do that).
 */
export function useFocusOnMount<T extends HTMLElement>() {
  return useCallback((element: T | null) => {
    element?.focus();
  }, []);
}
