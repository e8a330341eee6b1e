import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU time (user + system, ms) spent so far by the bench's server, by every PostgreSQL process of
 * the machine, and by the bench itself (its HTTP clients). Read before and after a sale run, the
 * differences divided by the sales say where a sale's CPU goes on the shared cores. Linux only
 * (`/proc`); elsewhere every figure is 0.
 */
export type CpuTimes = { server: number; postgres: number; bench: number; machine: number; idle: number };

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

function ticksOf(stat: string, reaped = false): number {
  // Fields after the command (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = Number(fields[11]) + Number(fields[12]); // utime, stime
  return reaped ? own + Number(fields[13]) + Number(fields[14]) : own; // + cutime, cstime
}

/**
 * A one-threaded process's run time (a PostgreSQL backend): the scheduler's exact sum (`/proc/<pid>/sched`) where the kernel has it,
 * else its ticks. The ticks miss short bursts (a PostgreSQL backend running for a fraction of a
 * millisecond per statement was charged a tenth of its time here).
 */
function runMs(pid: string, stat: string): number {
  try {
    const sched = fs.readFileSync(`/proc/${pid}/sched`, 'utf8').match(/se\.sum_exec_runtime\s*:\s*([\d.]+)/);
    if (sched) return Number(sched[1]);
  } catch {
    // no scheduler statistics: the ticks below
  }
  return ticksOf(stat) * TICK_MS;
}

/** All of a process's threads (Node's collector and pool threads with its main one): ticks. */
function processMs(pid: number): number {
  try {
    return ticksOf(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Every process named postgres, with the time of the ended ones they waited for (the postmaster
 * reaps the backends of closed connections). */
function postgresMs(): number {
  if (os.platform() !== 'linux') return 0;
  let total = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      // Its own time, and the ended backends' the postmaster waited for (ticks only).
      total += runMs(name, stat) + (ticksOf(stat, true) - ticksOf(stat)) * TICK_MS;
    } catch {
      // the process ended between the listing and the read
    }
  }
  return total;
}

/** The machine's busy and idle time over all cores (`/proc/stat`), whoever used it. */
function machineMs(): { machine: number; idle: number } {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0); // idle, iowait
    const all = cpu.slice(0, 8).reduce((a, b) => a + b, 0); // up to steal; guest time is inside user
    return { machine: (all - idle) * TICK_MS, idle: idle * TICK_MS };
  } catch {
    return { machine: 0, idle: 0 };
  }
}

export function cpuTimes(serverPid: number | undefined): CpuTimes {
  const own = process.cpuUsage();
  return {
    server: serverPid ? processMs(serverPid) : 0,
    postgres: postgresMs(),
    bench: (own.user + own.system) / 1000,
    ...machineMs(),
  };
}

/** Milliseconds of CPU per sale between two readings. */
export function cpuPerSale(before: CpuTimes, after: CpuTimes, sales: number): CpuTimes {
  const per = (k: keyof CpuTimes) => (sales > 0 ? (after[k] - before[k]) / sales : 0);
  return { server: per('server'), postgres: per('postgres'), bench: per('bench'), machine: per('machine'), idle: per('idle') };
}
