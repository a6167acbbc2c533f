import { useState } from 'react';
import type { FieldErrors, RegistrationField } from '../api/types.ts';
import { t } from '../i18n/index.ts';
import { fieldRefusalText } from '../i18n/refusals.ts';
import { fieldProblem, registrationAnswers, type FieldProblem } from './registration-hints.ts';

/** The id of a field's control: the form finds a field by it, and FormField gives it to the control. */
export function fieldId(key: string): string {
  return `field-${key}`;
}

/** Puts the cursor in a field, for the first problem after a submit. */
export function focusField(key: string): void {
  const control = document.getElementById(fieldId(key));
  control?.focus();
  control?.scrollIntoView({ block: 'center' });
}

function describe(field: RegistrationField, problem: FieldProblem): string {
  const words = t.form.problem;
  switch (problem.kind) {
    case 'required':
      return words.required(field.label);
    case 'too_long':
      return words.too_long(field.label, problem.max);
    case 'email':
      return words.email;
    case 'date':
      return words.date;
    case 'select':
      return words.select(field.label);
    case 'single_line':
      return words.single_line(field.label);
    case 'not_text':
      return words.not_text(field.label);
  }
}

function hintFor(field: RegistrationField, value: string): string | undefined {
  const problem = fieldProblem(field, value);
  return problem ? describe(field, problem) : undefined;
}

function withMessage(errors: Record<string, string>, key: string, message: string | undefined) {
  const { [key]: _previous, ...rest } = errors;
  return message ? { ...rest, [key]: message } : rest;
}

/**
 * Values and shown problems for a form of registration fields. A problem appears when a person leaves a field they
 * typed in, or on submit, and updates while they fix it; the server's own 422 messages replace the hints.
 */
export function useFieldsForm(fields: readonly RegistrationField[], initial: Record<string, string> = {}) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, initial[f.key] ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const byKey = (key: string) => fields.find((f) => f.key === key)!;

  return {
    values,
    errors,
    change(key: string, value: string) {
      setValues((current) => ({ ...current, [key]: value }));
      if (errors[key]) setErrors((current) => withMessage(current, key, hintFor(byKey(key), value)));
    },
    blur(key: string) {
      const value = values[key] ?? '';
      if (value.trim() !== '' || errors[key]) {
        setErrors((current) => withMessage(current, key, hintFor(byKey(key), value)));
      }
    },
    /** Shows every problem and focuses the first; true when there is none. */
    validateAll(): boolean {
      const found: Record<string, string> = {};
      for (const field of fields) {
        const message = hintFor(field, values[field.key] ?? '');
        if (message) found[field.key] = message;
      }
      setErrors(found);
      const first = fields.find((f) => found[f.key]);
      if (first) focusField(first.key);
      return !first;
    },
    /** Puts a 422's messages under their fields; returns the ones that belong to no field. */
    showServerErrors(fieldErrors: FieldErrors): string[] {
      const found: Record<string, string> = {};
      const stray: string[] = [];
      for (const [key, messages] of Object.entries(fieldErrors)) {
        const field = fields.find((f) => f.key === key);
        if (field && messages[0]) found[key] = fieldRefusalText(messages[0], field.label);
        else stray.push(...messages.map((message) => fieldRefusalText(message, null)));
      }
      setErrors(found);
      const first = fields.find((f) => found[f.key]);
      if (first) focusField(first.key);
      return stray;
    },
    answers: () => registrationAnswers(fields, values),
  };
}

export type FieldsForm = ReturnType<typeof useFieldsForm>;
