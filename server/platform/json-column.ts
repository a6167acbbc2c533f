/** Reads one JSON column of a row: the row's id and the column's text in, the parsed value out. */
export type JsonColumnReader<T> = (rowId: number, json: string) => T;

/** Freezes a parsed JSON value all the way down. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * A JSON column parsed once per row and reused while its stored text stays the same: for columns read on every
 * request (an event's registration fields, a token's scopes), where parsing the same text again each time was a
 * measurable share of the request. The text is compared exactly, so an edit shows on the next read; the value is
 * frozen, because every request that reads the row gets the same one. Bounded: past `capacity` rows the oldest
 * entry goes.
 */
export function cachedJsonColumn<T>(capacity = 1_000): JsonColumnReader<T> {
  const parsed = new Map<number, { json: string; value: T }>();
  return (rowId, json) => {
    const cached = parsed.get(rowId);
    if (cached && cached.json === json) return cached.value;
    const value = deepFreeze(JSON.parse(json) as T);
    parsed.delete(rowId);
    if (parsed.size >= capacity) parsed.delete(parsed.keys().next().value!);
    parsed.set(rowId, { json, value });
    return value;
  };
}
