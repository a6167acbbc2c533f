/**
 * `read`, called at most once for each key; its answers kept for as long as the function returned lives (a hub's
 * chunk of ops, in which nothing else writes: sync/hub.service.ts).
 */
export function readOnce<K, V>(read: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (!known.has(key)) known.set(key, read(key));
    return known.get(key)!;
  };
}
