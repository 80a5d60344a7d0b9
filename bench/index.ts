// Runs every benchmark in turn and prints one block per bench: npm run bench.
import { run as broadcast } from './broadcast';
import { run as composition } from './composition';
import { run as deskRegister } from './desk-register';
import { run as documents } from './documents';
import { run as lawDues } from './law-dues';
import { run as scale } from './scale';
import { run as updates } from './updates';
import { run as reconcile } from './reconcile';
import { run as ownerWords } from './owner-words';
import { run as photos } from './photos';
import { run as stats } from './stats';

const benches: Array<[string, () => Promise<string>]> = [
  ['law-dues', () => lawDues()],
  ['broadcast', () => broadcast()],
  ['updates', () => updates()],
  ['composition', () => composition()],
  ['scale', () => scale()],
  ['reconcile', () => reconcile()],
  ['documents', () => documents()],
  ['owner-words', () => ownerWords()],
  ['desk-register', () => deskRegister()],
  ['photos', () => photos()],
  ['stats', () => stats()],
];

let failed = false;
for (const [name, bench] of benches) {
  try {
    console.log(await bench());
  } catch (err) {
    failed = true;
    console.error(`${name}: failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}
process.exit(failed ? 1 : 0);
