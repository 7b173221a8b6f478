/**
 * A Vitest reporter for mutation runs only (stryker.vitest.config.ts): a test file that fails to
 * load becomes one failed test. Stryker's Vitest runner (9.6.1) scores a mutant from the tests it
 * collected, and a file whose import throws collects none, so a static mutant that stops a module
 * from loading (the unit table without its gram, say) counted as survived although every test of
 * that file fails on it (stryker-js issue 6150; docs/quality.md). The everyday suite never uses it.
 */
import type { Reporter, TestModule } from 'vitest/node';

type FileTask = TestModule['task'];

function hasTests(task: { tasks?: { type: string; tasks?: unknown[] }[] }): boolean {
  return (task.tasks ?? []).some((child) => child.type === 'test' || hasTests(child as never));
}

export default class LoadFailuresAsFailedTests implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    for (const module of testModules) {
      const file: FileTask = module.task;
      if (file.result?.state !== 'fail' || hasTests(file)) continue;
      const errors = file.result.errors ?? [];
      // Only what the runner reads of a test: its type, name, file, suite, mode and result.
      file.tasks.push({
        type: 'test',
        id: `${file.id}_load`,
        name: 'loads the file (a load failure is a failed test)',
        mode: 'run',
        file,
        suite: undefined,
        result: { state: 'fail', errors },
        meta: {},
        annotations: [],
        artifacts: [],
        timeout: 0,
        context: undefined as never,
      } as unknown as FileTask['tasks'][number]);
    }
  }
}
