/**
 * Where a response body strays from its route's declared response schema (as JSON Schema): a property the schema
 * does not name, a required property that is missing, an object or array where the schema has a scalar, a string
 * outside the values the schema fixes (`enum`, `const`, `pattern`: a refusal's messages, a status). Otherwise only
 * the shape is checked; the values' types are TypeScript's business.
 */
export type ShapeCheck = (value: unknown) => string[];

type Schema = Record<string, unknown>;

/** A schema that says nothing about its value (`z.unknown()`): the route declared it as anything. */
const isUnconstrained = (node: Schema) =>
  !['type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', 'const', 'enum', '$ref'].some(
    (key) => key in node,
  );

const typesOf = (node: Schema): unknown[] => (Array.isArray(node.type) ? node.type : [node.type]);
const isObjectSchema = (node: Schema) => typesOf(node).includes('object') || 'properties' in node;
const isArraySchema = (node: Schema) => typesOf(node).includes('array') || 'items' in node;

/**
 * Whether some branch that takes strings takes this one. Only `enum`, `const` and `pattern` are judged; a string
 * where no branch takes strings is a type question, left to TypeScript.
 */
function allowsString(branches: Schema[], value: string): boolean {
  const strings = branches.filter(
    (branch) => branch.type === undefined || typesOf(branch).includes('string'),
  );
  if (strings.length === 0) return true;
  return strings.some(
    (branch) =>
      (!Array.isArray(branch.enum) || branch.enum.includes(value)) &&
      (!('const' in branch) || branch.const === value) &&
      (typeof branch.pattern !== 'string' || new RegExp(branch.pattern).test(value)),
  );
}

/** A schema node's alternatives: `anyOf`/`oneOf`/`allOf` members (flattened), else the node alone. */
function branchesOf(node: Schema): Schema[] {
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = node[key];
    if (Array.isArray(branches)) return branches.flatMap((branch) => branchesOf(branch as Schema));
  }
  return [node];
}

/**
 * The check for `root`, resolving `$ref`s into its `$defs`. Union branches are merged: an object may carry any
 * property some branch names, and must carry those every object branch requires.
 */
export function shapeCheckFor(root: Schema): ShapeCheck {
  const defs = (root.$defs ?? {}) as Record<string, Schema>;
  const resolve = (node: Schema): Schema => {
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    const target = defs[ref.replace(/^#\/\$defs\//, '')];
    if (!target) throw new Error(`response schema: unresolved ${ref}`);
    return resolve(target);
  };

  function check(node: Schema, value: unknown, path: string, problems: string[]): void {
    const branches = branchesOf(resolve(node)).map(resolve);
    if (branches.some(isUnconstrained)) return;
    const where = path || 'the body';
    if (typeof value === 'string') {
      if (!allowsString(branches, value))
        problems.push(`${where}: ${JSON.stringify(value)} is not a value the schema allows`);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      const array = branches.find(isArraySchema);
      if (!array) return void problems.push(`${where}: an array where the schema has none`);
      const items = array.items;
      value.forEach((item, index) => {
        if (items && typeof items === 'object') check(items as Schema, item, `${path}[${index}]`, problems);
      });
      return;
    }
    const objects = branches.filter(isObjectSchema);
    if (objects.length === 0) return void problems.push(`${where}: an object where the schema has none`);
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (record[key] === undefined) continue;
      const declared = objects.flatMap((object) => {
        const properties = (object.properties ?? {}) as Record<string, Schema>;
        if (Object.hasOwn(properties, key)) return [properties[key]!];
        const additional = object.additionalProperties;
        if (additional === true) return [{}];
        return additional && typeof additional === 'object' ? [additional as Schema] : [];
      });
      const at = path ? `${path}.${key}` : key;
      if (declared.length === 0) problems.push(`${at}: not in the schema`);
      else check(declared.length === 1 ? declared[0]! : { anyOf: declared }, record[key], at, problems);
    }
    const required = objects
      .map((object) => (Array.isArray(object.required) ? (object.required as string[]) : []))
      .reduce((all, keys) => all.filter((key) => keys.includes(key)));
    for (const key of required) {
      if (record[key] === undefined) problems.push(`${path ? `${path}.${key}` : key}: required, missing`);
    }
  }

  return (value) => {
    const problems: string[] = [];
    check(root, value, '', problems);
    return problems;
  };
}
