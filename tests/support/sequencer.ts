/**
 * The order vitest starts test files in: its own (failed first, then longest first by the last
 * run's durations, or largest first on a clean checkout, which has no durations), except that
 * the files below start first.
 *
 * The suite runs four files at a time (ADR 0045). A file that mostly waits belongs at the start, where the
 * other lanes work beside it; started late, it is the last thing running and the run waits for it.
 * On a clean checkout (CI) vitest has no durations and orders by file size, which put the storage
 * outage test (about 130 s, 90 s of it the outage its issue sets) anywhere in the run.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that wait by design far longer than any other file runs. */
const STARTED_FIRST: readonly string[] = ['tests/reliability/retry-until-recovered.test.ts'];

export class WaitingFilesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = sorted.filter((spec) => STARTED_FIRST.some((path) => spec.moduleId.endsWith(`/${path}`)));
    return [...first, ...sorted.filter((spec) => !first.includes(spec))];
  }
}
