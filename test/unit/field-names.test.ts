import { describe, expect, it } from 'vitest';
import { registrationPathName, withPlainFieldNames } from '../../server/events/field-names.rules.ts';

const labels = ['Email', '', 'Ticket type'];
const labelOf = (index: number) => labels[index];

describe('registration field errors in plain words', () => {
  it.each([
    ['registration_fields.2', 'field 3 (“Ticket type”)'],
    ['registration_fields.1', 'field 2'],
    ['registration_fields.2.key', 'key of field 3 (“Ticket type”)'],
    ['registration_fields.2.required', 'required setting of field 3 (“Ticket type”)'],
    ['registration_fields.2.options', 'choices of field 3 (“Ticket type”)'],
    ['registration_fields.2.options.0', 'choice 1 of field 3 (“Ticket type”)'],
    ['registration_fields.2.options.4.value', 'value of choice 5 of field 3 (“Ticket type”)'],
    ['registration_fields.2.options.4.label', 'label of choice 5 of field 3 (“Ticket type”)'],
    ['registration_fields.9.options.0.value', 'value of choice 1 of field 10'],
  ])('%s reads "%s"', (path, words) => {
    expect(registrationPathName(path, labelOf)).toBe(words);
  });

  it('leaves other paths alone', () => {
    for (const path of [
      'registration_fields',
      'name',
      'registration_fields.x',
      'registration_fields.2.extra',
    ]) {
      expect(registrationPathName(path, labelOf)).toBeNull();
    }
  });

  it('rewords the messages built around the path, and no other', () => {
    const body = [{ label: 'Email' }, { label: 'Ticket type' }, 'not an object'];
    expect(
      withPlainFieldNames(
        {
          'registration_fields.1.options.0.value': [
            'The registration fields.1.options.0.value field is required.',
          ],
          'registration_fields.1.label': [
            'The registration fields.1.label field must not be greater than 255 characters.',
          ],
          'registration_fields.2.type': ['The selected registration fields.2.type is invalid.'],
          name: ['The name field is required.'],
        },
        body,
      ),
    ).toEqual({
      'registration_fields.1.options.0.value': [
        'The value of choice 1 of field 2 (“Ticket type”) is required.',
      ],
      'registration_fields.1.label': [
        'The label of field 2 (“Ticket type”) must not be greater than 255 characters.',
      ],
      'registration_fields.2.type': ['The selected type of field 3 is invalid.'],
      name: ['The name field is required.'],
    });
  });
});
