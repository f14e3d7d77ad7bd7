// `npm run bench:auth`: how long a sign-in takes while a flood of registrations hashes passwords.
//
// One server on the embedded database, its registration limit lifted so every registration really
// hashes two passwords (the limit itself would refuse most of them). For each round: 40 parallel
// registrations, and 50 ms later one sign-in to an existing workspace; the sign-in's time is
// printed, with the time of the whole flood. Password hashing runs through a queue where a sign-in
// goes before waiting registrations (src/platform/work-queue.ts).
//
//   --rounds N    rounds (default 5)
//   --flood N     registrations per round (default 40)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client, newWorkspace } from '../tests/helpers/client.ts';
import { freePort, spawnServer } from '../tests/helpers/server-process.ts';
import { loadAverage } from './lib/bench-run.ts';

const { values: args } = parseArgs({ options: { rounds: { type: 'string' }, flood: { type: 'string' } } });
const ROUNDS = Number(args.rounds ?? 5);
const FLOOD = Number(args.flood ?? 40);

const dataDir = mkdtempSync(join(tmpdir(), 'rc-bench-auth-'));
const server = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()), REGISTRATIONS_PER_HOUR: '1000000' }, undefined, { asStarted: true });
try {
  await server.ready();
  const owner = newWorkspace();
  await new Client(server.url, { origin: server.url }).post('/api/register', owner);
  const signInMs: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const floodStart = performance.now();
    const flood = Promise.all(Array.from({ length: FLOOD }, () => new Client(server.url, { origin: server.url }).post('/api/register', newWorkspace())));
    await new Promise((r) => setTimeout(r, 50));
    const start = performance.now();
    const signIn = await new Client(server.url, { origin: server.url }).post('/api/auth/login', { slug: owner.slug, password: owner.password });
    const took = performance.now() - start;
    const answers = await flood;
    const floodMs = performance.now() - floodStart;
    if (signIn.status !== 200 || answers.some((a) => a.status !== 201)) throw new Error(`round ${round}: unexpected answers`);
    signInMs.push(took);
    console.log(`round ${round}: sign-in ${took.toFixed(0)} ms during ${FLOOD} registrations (flood done in ${floodMs.toFixed(0)} ms)`);
  }
  const sorted = [...signInMs].sort((a, b) => a - b);
  console.log(`sign-in: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms; load average ${loadAverage()}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
