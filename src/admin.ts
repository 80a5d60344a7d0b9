// npm run admin -- <command> [options]   (see `npm run admin -- help`)
import { runAdmin } from './admin/run';

const code = await runAdmin(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
