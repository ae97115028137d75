/**
 * The longest stretch this process's event loop was held by one synchronous piece of work, while
 * a probe runs. A timer ticks every millisecond; between two ticks, the loop was held for at most
 * the wall time between them, and for at most the CPU time this process spent meanwhile: on a
 * loaded machine a process that is merely waiting for a core sees wall time pass with no CPU
 * spent, which is not a block. The smaller of the two, over every gap, is the longest block.
 * (CPU time counts every thread of the process, the garbage collector's helpers too, so it can
 * only overstate a block; the wall time caps it.)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface BlockProbe {
  /** Stops ticking; gives the longest block (ms) and, for the log, the event-loop delay's own max (ms). */
  stop(): { longestBlockMs: number; delayMaxMs: number };
}

export function probeEventLoop(): BlockProbe {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let lastWall = performance.now();
  let lastCpu = process.cpuUsage();
  let longest = 0;
  const measure = () => {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const cpuMs = (cpu.user - lastCpu.user + (cpu.system - lastCpu.system)) / 1000;
    longest = Math.max(longest, Math.min(wall - lastWall, cpuMs));
    lastWall = wall;
    lastCpu = cpu;
  };
  const timer = setInterval(measure, 1);
  return {
    stop() {
      measure();
      clearInterval(timer);
      delay.disable();
      return { longestBlockMs: longest, delayMaxMs: delay.max / 1e6 };
    },
  };
}
