/**
 * The part of the Reflect metadata API that @peculiar/x509's dependency injection (tsyringe) reads as it loads:
 * `getMetadata`, `getOwnMetadata` and `defineMetadata`. Its README asks for a polyfill (reflect-metadata, core-js or
 * @abraham/reflection) imported first; these few lines do what it uses, without another package. Imported before
 * @peculiar/x509 (certificate.service.ts), and only where certificates are made.
 */
type Target = object;
const store = new WeakMap<Target, Map<string | symbol | undefined, Map<unknown, unknown>>>();

function own(target: Target, property: string | symbol | undefined, create: boolean) {
  let byProperty = store.get(target);
  if (!byProperty && create) store.set(target, (byProperty = new Map()));
  let byKey = byProperty?.get(property);
  if (!byKey && create && byProperty) byProperty.set(property, (byKey = new Map()));
  return byKey;
}

const reflect = Reflect as typeof Reflect & {
  getMetadata?: (key: unknown, target: Target, property?: string | symbol) => unknown;
  getOwnMetadata?: (key: unknown, target: Target, property?: string | symbol) => unknown;
  defineMetadata?: (key: unknown, value: unknown, target: Target, property?: string | symbol) => void;
};

if (!reflect.getMetadata) {
  reflect.getOwnMetadata = (key, target, property) => own(target, property, false)?.get(key);
  reflect.getMetadata = (key, target, property) => {
    for (let at: Target | null = target; at; at = Object.getPrototypeOf(at) as Target | null) {
      const found = own(at, property, false);
      if (found?.has(key)) return found.get(key);
    }
    return undefined;
  };
  reflect.defineMetadata = (key, value, target, property) => {
    own(target, property, true)!.set(key, value);
  };
}

export {};
