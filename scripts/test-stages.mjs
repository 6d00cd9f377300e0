// `npm test`: every check in order, stopping at the first failure, with each stage's time printed so
// CI shows where its minutes go. The quick static checks (typecheck, lint, the domain unit tests)
// run side by side, each on one core, their output printed whole when each ends; then the API tests,
// then the e2e suite, each of which uses every core itself (docs/testing.md "Speed").
//
// With API_TESTS_ON_POSTGRES set to a PostgreSQL URL, the API tests run a second time on that
// database beside the e2e suite, at a lower CPU priority, to fill the third of the two cores the
// browser leaves idle (measured; .ci/run runs the passes in turn: docs/testing.md "Speed").
import { spawn } from 'node:child_process';

const postgresUrl = process.env.API_TESTS_ON_POSTGRES;
const groups = [
  [{ stage: 'typecheck' }, { stage: 'lint' }, { stage: 'test:unit' }],
  [{ stage: 'test:api' }],
  [
    { stage: 'test:e2e' },
    ...(postgresUrl
      ? [
          {
            stage: 'test:api',
            label: 'test:api on PostgreSQL',
            nice: 10,
            // The fuzzer's and the money model's random draws differ from the PGlite pass's; the fuzzer sends
            // 10 requests per route there, for what the pool's connections do differently (docs/testing.md "Speed").
            env: { DATABASE_URL: postgresUrl, FUZZ_RUNS: '10', FUZZ_SEED: '20261128', MONEY_MODEL_RUNS: '6' },
          },
        ]
      : []),
  ],
];
const times = [];

/** Runs one npm script; the first of a group prints as it goes, the others' output waits for their end. */
function run({ stage, label = stage, nice, env }, live) {
  const started = Date.now();
  return new Promise((resolve) => {
    const [command, args] = nice ? ['nice', ['-n', String(nice), 'npm', 'run', stage, '--silent']] : ['npm', ['run', stage, '--silent']];
    const child = spawn(command, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!live) process.stdout.write(`\n== ${label}\n${Buffer.concat(output).toString()}`);
      console.log(`== ${label} took ${seconds} s`);
      times.push(`${label} ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

for (const group of groups) {
  // A group of quick checks prints each whole at its end; a long stage prints live, its companions after.
  const live = group.length === 1 || group[0].stage === 'test:e2e';
  console.log(`\n== ${group.map((s) => s.label ?? s.stage).join(', ')}${group.length > 1 ? ' side by side' : ''}`);
  const codes = await Promise.all(group.map((stage, i) => run(stage, live && i === 0)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    console.log(`== stages: ${times.join(', ')}`);
    process.exit(failed);
  }
}
console.log(`== stages: ${times.join(', ')}`);
