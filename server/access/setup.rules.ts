/** A slug from a name: `City Hall Events` -> `city-hall-events`. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'organization';
}

/** What an organization's slug may look like: `a-z`, `0-9` and single dashes, like `city-hall`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Slugs to try for a new organization named `name`, in order: `city-hall`, then `city-hall-2`, `city-hall-3`... */
export function* slugCandidates(name: string): Generator<string> {
  const base = slugify(name);
  yield base;
  for (let n = 2; ; n++) yield `${base.slice(0, 60 - String(n).length - 1).replace(/-+$/, '')}-${n}`;
}
