import type { ComponentProps } from 'react';
import { t } from '../../shared/i18n/index.ts';
import { TextInput } from './controls.tsx';

/** Passwords of at least this many characters (the server's rule, server/access/passwords.ts). */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * A password being chosen (the first owner's, a new staff member's, a reset one): says the server's minimum length
 * and asks password managers to offer a new password rather than fill in a saved one.
 */
export function NewPasswordInput(
  props: Omit<ComponentProps<typeof TextInput>, 'type' | 'hint' | 'required' | 'autoComplete'>,
) {
  return (
    <TextInput
      {...props}
      type="password"
      hint={t.dashboard.setup.passwordHint(MIN_PASSWORD_LENGTH)}
      required
      autoComplete="new-password"
    />
  );
}
