import { parseArgs } from 'node:util';
import type { CoreDeps } from '../deps';
import type { Translate } from '../i18n';

/** What every admin command gets: the core dependencies, the operator's language, and two output lines. */
export interface AdminDeps extends CoreDeps {
  t: Translate;
  out(line: string): void;
  err(line: string): void;
  /** For deep links t.me/<bot>?start=... */
  botUsername: string;
}

/** Exit codes: 0 done, 1 refused (the data does not allow it), 2 bad arguments. */
export const EXIT = { OK: 0, REFUSED: 1, USAGE: 2 } as const;

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/**
 * Parses `--name value` options strictly. On a bad or missing argument prints ONE line (what is wrong and
 * the usage of the command) and returns null, so the command exits with EXIT.USAGE.
 */
export function parseOptions<T extends OptionSpec>(
  deps: AdminDeps,
  args: string[],
  spec: T,
  usageKey: string,
  required: Array<keyof T & string> = [],
): { [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string } | null {
  try {
    const parsed = parseArgs({ args, options: spec as OptionSpec, strict: true, allowPositionals: true });
    const values = parsed.values as Record<string, string | boolean | undefined>;
    const positionals = parsed.positionals;
    if (positionals.length > 0) throw new UsageProblem(deps.t('staff:admin.unexpected', { value: positionals[0] }));
    const missing = required.filter((k) => values[k] === undefined || values[k] === '');
    if (missing.length) throw new UsageProblem(deps.t('staff:admin.missing', { option: `--${missing[0]}` }));
    return values as never;
  } catch (e) {
    const problem =
      e instanceof UsageProblem
        ? e.message
        : deps.t('staff:admin.bad_option', { detail: (e as Error).message.split(/\n|\. To /)[0] });
    deps.err(`${problem} ${deps.t('staff:admin.usage_prefix')} ${deps.t(usageKey)}`);
    return null;
  }
}

class UsageProblem extends Error {}

/** Prints one line naming a bad value with the command's usage; returns EXIT.USAGE. */
export function usageError(deps: AdminDeps, problem: string, usageKey: string): number {
  deps.err(`${problem} ${deps.t('staff:admin.usage_prefix')} ${deps.t(usageKey)}`);
  return EXIT.USAGE;
}
