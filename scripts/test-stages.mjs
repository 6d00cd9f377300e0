// `npm test`: every check in order, stopping at the first failure, with each stage's time printed so
// CI shows where its minutes go. The quick static checks (typecheck, lint, the domain unit tests)
// run side by side, each on one core, their output printed whole when each ends; then the API tests,
// then the e2e suite, each of which uses every core itself (docs/testing.md "Speed").
import { spawn } from 'node:child_process';

const groups = [['typecheck', 'lint', 'test:unit'], ['test:api'], ['test:e2e']];
const times = [];

/** Runs one npm script; alone it prints as it goes, beside others its output waits for its end. */
function run(stage, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', stage, '--silent'], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!alone) process.stdout.write(`\n== ${stage}\n${Buffer.concat(output).toString()}`);
      console.log(`== ${stage} took ${seconds} s`);
      times.push(`${stage} ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

for (const group of groups) {
  if (group.length === 1) console.log(`\n== ${group[0]}`);
  else console.log(`\n== ${group.join(', ')} side by side`);
  const codes = await Promise.all(group.map((stage) => run(stage, group.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    console.log(`== stages: ${times.join(', ')}`);
    process.exit(failed);
  }
}
console.log(`== stages: ${times.join(', ')}`);
