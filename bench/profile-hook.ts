import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * Preloaded into the server by `BENCH_CPU_PROF=1 npm run bench:api` (`node --import ./bench/profile-hook.ts`),
 * never by the product: SIGUSR2 starts V8's CPU profiler, the next SIGUSR2 stops it and writes
 * `$BENCH_CPU_PROF_DIR/<n>.cpuprofile` (n = 1, 2, …), so the bench profiles one route at a time without
 * the start-up (module compilation) in the figures. Sampling every 200 µs.
 */
const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  let running = false;
  let n = 0;
  let busy = Promise.resolve();
  process.on('SIGUSR2', () => {
    busy = busy.then(async () => {
      if (!running) {
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 200 });
        await session.post('Profiler.start');
        running = true;
        return;
      }
      const { profile } = await session.post('Profiler.stop');
      running = false;
      n += 1;
      writeFileSync(join(dir, `${n}.cpuprofile`), JSON.stringify(profile));
    });
  });
}
