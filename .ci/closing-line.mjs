// Prints `N passed, N failed` from vitest's JSON report; a missing report counts as one failure.
import { readFileSync } from 'node:fs';

const reportPath = process.argv[2] ?? '.vitest-report.json';
try {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const passed = report.numPassedTests ?? 0;
  const failed = report.numFailedTests ?? 0;
  const suitesFailed = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && (file.assertionResults ?? []).every((t) => t.status !== 'failed'),
  ).length;
  console.log(`${passed} passed, ${failed + suitesFailed} failed`);
  process.exit(failed + suitesFailed > 0 || passed === 0 ? 1 : 0);
} catch (error) {
  console.error(`could not read ${reportPath}: ${error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
