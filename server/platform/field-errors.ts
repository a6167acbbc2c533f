/**
 * The wording of field errors in 422 bodies (`{ "message", "errors": { field: [strings] } }`). One sentence per
 * rule, naming the field the way the interface does: `The email field is required.` A field path reads with spaces
 * for underscores (`first_name` -> `first name`).
 */
export type FieldErrors = Record<string, string[]>;

export function attributeName(path: string): string {
  return path.replaceAll('_', ' ');
}

export const fieldMessage = {
  required: (field: string) => `The ${attributeName(field)} field is required.`,
  string: (field: string) => `The ${attributeName(field)} field must be a string.`,
  boolean: (field: string) => `The ${attributeName(field)} field must be true or false.`,
  integer: (field: string) => `The ${attributeName(field)} field must be an integer.`,
  number: (field: string) => `The ${attributeName(field)} field must be a number.`,
  array: (field: string) => `The ${attributeName(field)} field must be an array.`,
  object: (field: string) => `The ${attributeName(field)} field must be an object.`,
  email: (field: string) => `The ${attributeName(field)} field must be a valid email address.`,
  uuid: (field: string) => `The ${attributeName(field)} field must be a valid UUID.`,
  date: (field: string) => `The ${attributeName(field)} field must be a valid date.`,
  dateTime: (field: string) =>
    `The ${attributeName(field)} field must be a valid ISO 8601 date and time with an offset.`,
  url: (field: string) => `The ${attributeName(field)} field must be a valid URL.`,
  httpUrl: (field: string) => `The ${attributeName(field)} field must be an http or https URL.`,
  urlCredentials: (field: string) =>
    `The ${attributeName(field)} field must not contain a user name or password.`,
  destinationNotAllowed: (field: string) =>
    `The ${attributeName(field)} field points at a loopback, private or link-local address that an owner has not allowed under LAN integrations.`,
  lanHost: (field: string) =>
    `The ${attributeName(field)} field must be a host name or IP address with an optional port, such as 192.168.1.20:8080.`,
  selected: (field: string) => `The selected ${attributeName(field)} is invalid.`,
  notAnOption: (field: string, value: string, allowed: readonly string[]) =>
    `The ${attributeName(field)} "${value}" is not one of the choices: ${allowed.join(', ')}.`,
  maxCharacters: (field: string, max: number) =>
    `The ${attributeName(field)} field must not be greater than ${max} characters.`,
  minCharacters: (field: string, min: number) =>
    `The ${attributeName(field)} field must be at least ${min} characters.`,
  maxItems: (field: string, max: number) =>
    `The ${attributeName(field)} field must not have more than ${max} items.`,
  minItems: (field: string, min: number) =>
    `The ${attributeName(field)} field must have at least ${min} items.`,
  maxNumber: (field: string, max: number) =>
    `The ${attributeName(field)} field must not be greater than ${max}.`,
  minNumber: (field: string, min: number) => `The ${attributeName(field)} field must be at least ${min}.`,
  format: (field: string) => `The ${attributeName(field)} field format is invalid.`,
  notText: (field: string) =>
    `The ${attributeName(field)} field must not contain a NUL character or an unpaired surrogate.`,
  taken: (field: string) => `The ${attributeName(field)} has already been taken.`,
  accentTooLight: (field: string, contrast: string, least: string) =>
    `The ${attributeName(field)} is too light for white text on buttons (contrast ${contrast}:1, at least ${least}:1 needed). Choose a darker color.`,
  logoNotAnImage: (field: string) => `The ${attributeName(field)} must be a PNG or JPEG file.`,
  logoTooBig: (field: string, kib: number) =>
    `The ${attributeName(field)} must not be larger than ${kib} KiB.`,
  logoTooManyPixels: (field: string, megapixels: number, width: number, height: number) =>
    `The ${attributeName(field)} must not be larger than ${megapixels} megapixels (this one is ${width} × ${height} pixels).`,
} as const;

export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  // hasOwn, not `??=`: a field may be named like an Object.prototype member (`constructor`).
  if (!Object.hasOwn(errors, field)) setFieldErrors(errors, field, []);
  errors[field]!.push(message);
}

/**
 * A field's sentences, replacing any it had. Defined, not assigned: a field named `__proto__` (a query key is
 * anything a client types) would otherwise set the object's prototype and vanish from the answer.
 */
export function setFieldErrors(errors: FieldErrors, field: string, messages: string[]): void {
  Object.defineProperty(errors, field, {
    value: messages,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
