/**
 * The event-loop report `npm run bench -- --distinct` reads from the service it measures,
 * preloaded into that process only (`node --import bench/http/event-loop-report.mjs
 * dist/cli/main.js serve`, see `startService` in processes.ts with `{ ipc: true }`); the service
 * itself has no such hook. In a process started with an IPC channel, each `'event-loop-delay'`
 * message from the parent is answered with the event-loop delay since the previous one (max, p99
 * and mean, ms), the process's CPU time and the event loop's busy time over that time, then the
 * histogram starts again. Without an IPC channel it does nothing.
 *
 * Plain JavaScript, so that the built service loads it with no TypeScript loader.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let cpuSince = process.cpuUsage();
  let since = performance.now();
  let loopSince = performance.eventLoopUtilization();
  process.on('message', (message) => {
    if (message !== 'event-loop-delay') return;
    const ms = (ns) => ns / 1e6;
    // CPU time of all the process's threads (event loop, compute pool, V8's and libuv's helpers).
    const cpu = process.cpuUsage(cpuSince);
    const now = performance.now();
    // Time the event loop spent running code (not waiting for I/O), whatever the other threads did.
    const loop = performance.eventLoopUtilization(loopSince);
    process.send?.({
      eventLoopDelay: {
        max: ms(histogram.max),
        p99: ms(histogram.percentile(99)),
        mean: ms(histogram.mean),
        cpuMs: (cpu.user + cpu.system) / 1000,
        loopBusyMs: loop.active,
        elapsedMs: now - since,
      },
    });
    histogram.reset();
    cpuSince = process.cpuUsage();
    loopSince = performance.eventLoopUtilization();
    since = now;
  });
}
