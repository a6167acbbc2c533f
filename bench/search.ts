/**
 * `npm run bench:search [-- options]`: the desk's search among 20,000 people, in a real server process
 * (bench/server.ts), through HTTP as the desk asks it (`GET /dashboard/api/events/{id}/attendees?q=`). Beside
 * today's search (a name as typed, and a short word, which takes no typo), the same searches with one typo in a
 * name: a letter missing, extra, wrong, or two swapped (issue 39). Each kind is asked one request at a time, the
 * kinds interleaved, so the machine's noise falls on all alike; the ratio to the name as typed is of the same run.
 * Target: a search with a typo answers within 300 ms (its p95: on this shared 2-core machine the slowest of any kind,
 * typo or not, is the scheduler's as much as the search's; the table shows it beside). `--help` lists the options.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventRecord } from '../server/events/event.types.ts';
import { systemClock } from '../server/platform/clock.ts';
import { openDatabase } from '../server/platform/database.ts';
import { toTimestamp } from '../server/platform/time.ts';
import { createStore } from '../server/store.ts';
import { log, runBench, runOptions } from './cli.ts';
import { pinLoadGenerator } from './cores.ts';
import { machineAtEnd, recordRun, runStamp } from './history.ts';
import { type RunningServer, startServer } from './servers.ts';
import { createOpenEvent, directRegistrations, ownerSessionCookie } from './seed.ts';

const TARGET_MS = 300;

const HELP = `npm run bench:search -- [options]

  --people N     attendees of the searched event (default 20000)
  --searches N   measured searches of each kind (default 200)
  --warmup N     searches of each kind before them, unmeasured (default 20)
  --no-pin       leave the processes where the scheduler puts them (by default, with 2+ cores, this process
                 runs on core 0 and the server on core 1)
  --keep         keep the temp dir with the database`;

// Names as a European venue's guest list has them: accents, particles, hyphens, many shared by several people.
const FIRST_NAMES = (
  'Ada Agnès Ahmed Aiko Alain Alice Amélie Ana Anders Anna Antoine Arnaud Aurélie Baptiste Beatriz Benoît Bertrand ' +
  'Björn Camille Carla Carlos Catherine Chloé Christophe Claire Daniel David Denis Diego Dominique Éloïse Elena ' +
  'Émile Emma Enzo Éric Eva Fabien Fatima François Frédéric Gabriel Gaëlle Giulia Grace Guillaume Hannah Hélène ' +
  'Hugo Inès Isabelle Jacques Jan Jean Jeanne Jérôme Joana João Jonas Jules Julie Jürgen Karim Karin Laura Léa ' +
  'Léon Louis Louise Luc Lucas Lucie Luis Manon Marc Margaux María Marie Marion Martin Mathieu Maxime Mehdi ' +
  'Mélanie Nadia Nathalie Nicolas Nina Noah Océane Olivier Pascal Patricia Paul Pauline Pedro Philippe Pierre ' +
  'Quentin Rafael Raphaël Rémi Romain Rose Samuel Sandrine Sara Sébastien Sofia Sophie Stéphane Sven Théo Thomas ' +
  'Valérie Victor Vincent Yann Yasmine Zoé'
).split(' ');
const LAST_NAMES = (
  'Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefèvre Michel García ' +
  'David Bertrand Roux Vincent Fournier Morel Girard André Lefebvre Mercier Dupont Lambert Bonnet François ' +
  'Martínez Legrand Garnier Faure Rousseau Blanc Guérin Müller Henry Roussel Nicolas Perrin Morin Mathieu Clément ' +
  'Gauthier Dumont Lopez Fontaine Chevalier Robin Masson Sánchez Gérard Nguyen Boyer Denis Lemaire Duval Joly ' +
  'Gautier Roger Roche Roy Noël Meyer Lucas Meunier Jean Pérez Marchand Dufour Blanchard Marie Barbier Brun ' +
  'Dumas Brunet Schmitt Leroux Colin Fernandez Pierre Renard Arnaud Rolland Caron Aubert Giraud Leclerc Vidal ' +
  'Bourgeois Renaud Lemoine Picard Gaillard Philippe Leclercq Lacroix Fabre Dupuis Olivier Rodriguez Da Silva ' +
  'Hubert Louis Charles Guillot Rivière Le Gall Guillaume Adam Rey Moulin Gonzalez Berger Lecomte Menard Fleury ' +
  'Deschamps Carpentier Julien Benoit Paris Maillard Marchal Aubry Vasseur Le Roux Renault Jacquet Collet Prévost ' +
  'Poirier Charpentier Royer Huet Baron Dupuy Pons Paul Laine Carré Breton Rémy Schneider Perrot Guyot Barré ' +
  'Marty Cousin Weiß Schäfer Kowalski Novák Andersson Johansson Rossi Russo Ferrari Esposito Bianchi Romano ' +
  "Colombo O'Brien Murphy Kelly Walsh Smith Jones Taylor Brown Wilson Evans Lovelace Hopper Turing Hamilton"
).split(' ');

/** A small deterministic generator (mulberry32): the same guest list and queries every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Person {
  first: string;
  last: string;
}

interface Seeded {
  eventId: string;
  cookie: string;
  people: Person[];
}

/** The searched event with `count` people, and an owner's session to search with. */
function seed(dataDir: string, count: number): Seeded {
  const db = openDatabase(dataDir);
  try {
    const store = createStore(db, systemClock);
    const now = toTimestamp(new Date());
    const organization = store.repos.organizations.create('Bench Venue', 'bench', now)!;
    const event: EventRecord = createOpenEvent(store.repos, organization, 'Salon', now);
    const register = directRegistrations(db);
    const next = random(39);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const people: Person[] = [];
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const person = { first: pick(FIRST_NAMES), last: pick(LAST_NAMES) };
        const email = `guest-${i}@example.com`;
        const answers = { email, first_name: person.first, last_name: person.last, company: 'Exposant SA' };
        const result = register(event, email, `${person.first} ${person.last}`, answers);
        if (!result.ok) throw new Error(`could not seed ${email}: ${result.reason}`);
        people.push(person);
      }
    }).immediate();
    const cookie = ownerSessionCookie(store, organization, now);
    return { eventId: event.uuid, cookie, people };
  } finally {
    db.close();
  }
}

const EDITS = ['missing', 'extra', 'wrong', 'swapped'] as const;
type Edit = (typeof EDITS)[number];

/** `word` with one typo of `kind`, somewhere past its first letter (folded and lower case, as typed at a desk). */
function withTypo(word: string, kind: Edit, next: () => number): string {
  const letters = [...word.toLowerCase()];
  const at = 1 + Math.floor(next() * (letters.length - 2));
  const other = 'aeiourstln'[Math.floor(next() * 10)]!;
  switch (kind) {
    case 'missing':
      letters.splice(at, 1);
      break;
    case 'extra':
      letters.splice(at, 0, other);
      break;
    case 'wrong':
      letters[at] = letters[at] === other ? 'x' : other;
      break;
    case 'swapped':
      [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
      break;
  }
  return letters.join('');
}

const KINDS = [
  'a name as typed',
  'a short word (no typo taken)',
  'a name with one typo',
  'first and last name, one typo',
  'a word nobody has',
] as const;
type Kind = (typeof KINDS)[number];

/** The queries of each kind, each of a random guest's names (of 4 letters or more, where a typo is forgiven). */
function queries(people: readonly Person[], count: number, seedNumber: number): Record<Kind, string[]> {
  const next = random(seedNumber);
  const guest = () => {
    for (;;) {
      const person = people[Math.floor(next() * people.length)]!;
      if ([...person.last].length >= 5 && /^\p{L}+$/u.test(person.last)) return person;
    }
  };
  const each = (make: (i: number) => string) => Array.from({ length: count }, (_, i) => make(i));
  return {
    'a name as typed': each(() => guest().last.toLowerCase()),
    'a short word (no typo taken)': each(() => guest().last.slice(0, 3).toLowerCase()),
    'a name with one typo': each((i) => withTypo(guest().last, EDITS[i % EDITS.length]!, next)),
    'first and last name, one typo': each((i) => {
      const person = guest();
      return `${person.first.toLowerCase()} ${withTypo(person.last, EDITS[i % EDITS.length]!, next)}`;
    }),
    'a word nobody has': each((i) => `qzxv${i}wk`),
  };
}

interface Sample {
  ms: number;
  found: number;
}

async function search(server: RunningServer, seeded: Seeded, q: string): Promise<Sample> {
  const url = `${server.url}/dashboard/api/events/${seeded.eventId}/attendees?q=${encodeURIComponent(q)}`;
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: 'application/json', cookie: seeded.cookie } });
  const body = (await response.json()) as { meta?: { total?: number } };
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`the search for "${q}" answered ${response.status}`);
  return { ms, found: body.meta?.total ?? 0 };
}

const ms = (value: number) => (value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`);

function summarize(samples: readonly Sample[]) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const found = samples.map((s) => s.found).sort((a, b) => a - b);
  return {
    p50: at(0.5),
    p95: at(0.95),
    max: sorted.at(-1)!,
    foundMedian: found[Math.floor(found.length / 2)]!,
    foundNone: found.filter((n) => n === 0).length,
  };
}

async function main(): Promise<void> {
  const opts = runOptions(HELP, {
    people: { fallback: 20_000 },
    searches: { fallback: 200 },
    warmup: { fallback: 20, min: 0 },
  });
  if (!opts) return;
  const plan = opts.pin ? pinLoadGenerator() : null;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-bench-search-'));
  const dataDir = path.join(workDir, 'data');
  let server: RunningServer | null = null;
  try {
    log(`seeding ${opts.people.toLocaleString('en-US')} people...`);
    const seeded = seed(dataDir, opts.people);
    server = await startServer('app', dataDir, plan ? { cores: plan.servers } : {});

    const warm = queries(seeded.people, opts.warmup, 1);
    const measured = queries(seeded.people, opts.searches, 2);
    const samples = Object.fromEntries(KINDS.map((kind) => [kind, [] as Sample[]])) as Record<Kind, Sample[]>;
    for (let i = 0; i < opts.warmup; i++)
      for (const kind of KINDS) await search(server, seeded, warm[kind][i]!);
    for (let i = 0; i < opts.searches; i++) {
      for (const kind of KINDS) samples[kind].push(await search(server, seeded, measured[kind][i]!));
    }
    await server.stop();
    server = null;

    const baseline = summarize(samples['a name as typed']);
    const typoKinds: Kind[] = ['a name with one typo', 'first and last name, one typo'];
    const pass = typoKinds.every((kind) => summarize(samples[kind]).p95 <= TARGET_MS);
    const table = [
      '| search | p50 | p95 | slowest | p50 to a name as typed | found (median; none) | target |',
      '|---|--:|--:|--:|--:|--:|---|',
      ...KINDS.map((kind) => {
        const summary = summarize(samples[kind]);
        const target = typoKinds.includes(kind)
          ? `p95 ≤ ${TARGET_MS} ms: ${summary.p95 <= TARGET_MS ? 'PASS' : 'FAIL'}`
          : '—';
        return `| ${kind} | ${ms(summary.p50)} | ${ms(summary.p95)} | ${ms(summary.max)} | ${(summary.p50 / baseline.p50).toFixed(2)}x | ${summary.foundMedian}; ${summary.foundNone} | ${target} |`;
      }),
    ].join('\n');
    const notes = [
      `${opts.people.toLocaleString('en-US')} people in one event (${FIRST_NAMES.length} first names × ${LAST_NAMES.length} last names, many shared); ${opts.searches} searches of each kind after ${opts.warmup} unmeasured, one at a time, the kinds interleaved, each the desk's first page (50) with its total, through HTTP from another process.`,
      'A typo is a letter missing, extra or wrong, or two neighbours swapped, in a last name of 5 letters or more (the four kinds in turn). "A short word" has 3 letters, which search never takes a typo in: the contains-scan alone, as before issue 39.',
    ];
    const where = plan ? 'This process ran on core 0 and the server on core 1.' : 'Processes unpinned.';
    const context = `${machineAtEnd()} ${where}`;
    process.stdout.write(`${table}\n\n${[...notes, context].join('\n')}\n`);
    await recordRun(
      `## \`npm run bench:search\` (desk search with a typo among ${opts.people.toLocaleString('en-US')}), ${runStamp()}\n\n${table}\n\n${[...notes, context].map((note) => `- ${note}`).join('\n')}\n`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    await server?.stop();
    if (opts.keep) log(`kept ${workDir}`);
    else fs.rmSync(workDir, { recursive: true, force: true });
  }
}

runBench('bench/search.ts', main, 'npm run bench:search -- --help');
