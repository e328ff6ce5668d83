import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A vitest sequencer that starts the files matching `long` first, in vitest's own order after
 * them: files that take a minute or more then run beside the rest instead of last and alone.
 * Without a previous run's durations (a fresh clone, CI) vitest starts the largest files first,
 * and a long file may be a small one (an outage test, a walk over every screen).
 */
export function longFirst(long: RegExp) {
  return class LongFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]) {
      const sorted = await super.sort(files);
      const isLong = (file: TestSpecification) => long.test(file.moduleId);
      return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
    }
  };
}
