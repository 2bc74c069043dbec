// A vitest reporter for `npm test` (scripts/test.mjs): writes reports/vitest-errors.json with what
// fails a run besides its tests — unhandled errors and rejections (a timer or promise that outlived
// its test), and an interrupted run. vitest's JSON report counts only tests, so a run that failed
// on an unhandled error alone said "0 failed" and nothing more at the end of CI's output.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const text = (value) => String(value ?? '').slice(0, 4000);

export default class RunErrorsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(_testModules, unhandledErrors, reason) {
    const errors = [...unhandledErrors].map((error) => ({
      name: text(error?.name ?? 'Error'),
      message: text(error?.message ?? error),
      stack: text(error?.stack ?? error?.stackStr),
      // Where vitest saw it: the test file running when it was thrown, when it knows.
      during: error?.VITEST_TEST_PATH ? path.relative(this.root, error.VITEST_TEST_PATH) : error?.VITEST_TEST_NAME ?? null,
    }));
    const folder = path.join(this.root, 'reports');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'vitest-errors.json'), JSON.stringify({ reason: reason ?? null, errors }, null, 2));
  }
}
