import { mkdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { groupAlive, startChild, signalGroup, stopGroup, type Child } from './child.ts';
import { findBinary } from './binaries.ts';
import { nextRestart, seconds } from './backoff.ts';
import { watchCompanions, type CompanionWatch } from './companions.ts';
import { executable, lastLine } from './log-tail.ts';
import type { ServiceStatus, SupervisedService, SupervisorLog } from './service.ts';
import { readState, supervisorAlive, writeState } from './state-file.ts';

export type { SupervisorLog } from './service.ts';

export interface SupervisorOptions {
  services: SupervisedService[];
  /** `<data dir>/services`: one folder per service (its log) and state.json. */
  dir: string;
  log: SupervisorLog;
  stopTimeoutMs?: number;
  /** First restart delay; doubles per failure up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  healthTimeoutMs?: number;
  /** How often the processes a service starts beside itself are checked. */
  companionPollMs?: number;
}

export interface Supervisor {
  /**
   * Starts every installed service; resolves once each is healthy or has failed its first try
   * (a `slowStart` service goes on starting after that).
   */
  start(): Promise<void>;
  /** Stops every child (SIGTERM, then SIGKILL); nothing of theirs is left running after. */
  stop(): Promise<void>;
  statuses(): ServiceStatus[];
  reload(name: string): boolean;
}

interface Slot {
  svc: SupervisedService;
  status: ServiceStatus;
  child: Child | null;
  failures: number;
  startedAt: number;
  timer: NodeJS.Timeout | null;
  /** Killed by the supervisor for not answering in time. */
  unhealthy: boolean;
  companions: CompanionWatch | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs services as child processes: restarts a crashed one with exponential backoff, logged. */
export function createSupervisor(options: SupervisorOptions): Supervisor {
  const { dir, log } = options;
  const backoff = options.backoffMs ?? 1000;
  const maxBackoff = options.maxBackoffMs ?? 60_000;
  const healthTimeout = options.healthTimeoutMs ?? 15_000;
  const stopTimeout = options.stopTimeoutMs ?? 5000;
  const statePath = join(dir, 'state.json');
  const slots: Slot[] = options.services.map((svc) => ({
    svc,
    status: {
      name: svc.name,
      address: svc.address,
      state: 'stopped',
      pid: null,
      package: null,
      lastError: null,
      restarts: 0,
    },
    child: null,
    failures: 0,
    startedAt: 0,
    timer: null,
    unhealthy: false,
    companions: null,
  }));
  let stopping = false;
  const setpriv = findBinary('setpriv');
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const snapshot = {
      supervisorPid: process.pid,
      updatedAt: Date.now(),
      services: slots.map((s) => ({ ...s.status })),
    };
    saving = saving
      .then(() => writeState(statePath, snapshot))
      .catch((e: unknown) => log('warn', `services: state file not written: ${String(e)}`));
  };
  const logFile = (s: Slot) => join(dir, s.svc.name, `${s.svc.name}.log`);
  // Last resort when Haven exits without stop() (an uncaught error): no child may outlive it.
  const killAll = () => {
    for (const s of slots) if (s.child) signalGroup(s.child.pid, 'SIGKILL');
  };

  function fail(s: Slot, error: string): void {
    const next = nextRestart(s.failures, s.startedAt, {
      backoffMs: backoff,
      maxBackoffMs: maxBackoff,
    });
    s.failures = next.failures;
    const delay = next.delay;
    s.status = { ...s.status, state: 'failing', pid: null, lastError: error };
    save();
    log('error', `services: ${s.svc.name} failed (${error}); restart in ${seconds(delay)} s`);
    s.timer = setTimeout(() => {
      s.timer = null;
      s.status.restarts += 1;
      void launch(s);
    }, delay);
  }

  async function onExit(s: Slot, child: Child, how: string): Promise<void> {
    if (s.child !== child) return;
    s.child = null;
    // Workers a dead master left behind would keep its port.
    signalGroup(child.pid, 'SIGKILL');
    if (stopping) return;
    // A master killed for not answering says why; else what it wrote last says it.
    const said = s.unhealthy
      ? `not healthy after ${(s.svc.slowStart?.healthTimeoutMs ?? healthTimeout) / 1000} s`
      : await lastLine(logFile(s));
    fail(s, said ? `${how}: ${said}` : how);
  }

  async function launch(s: Slot): Promise<void> {
    if (stopping) return;
    s.status = { ...s.status, state: 'starting', pid: null };
    s.unhealthy = false;
    s.startedAt = Date.now();
    try {
      // Root's alone (its log, config, pid); a service whose accounts need more opens its own.
      await mkdir(join(dir, s.svc.name), { recursive: true, mode: 0o700 });
      await s.svc.prepare();
    } catch (error) {
      fail(s, error instanceof Error ? error.message : String(error));
      return;
    }
    if (stopping) return;
    const { cmd, args } = s.svc.command();
    const child = startChild(cmd, args, logFile(s), await setpriv);
    s.child = child;
    s.status.pid = child.pid;
    save();
    void child.exited.then((how) => onExit(s, child, how));
    const end = Date.now() + (s.svc.slowStart?.healthTimeoutMs ?? healthTimeout);
    while (!child.exitedYet() && !stopping && s.child === child) {
      if (await s.svc.healthy()) {
        s.status = { ...s.status, state: 'running', lastError: null };
        save();
        log('info', `services: ${s.svc.name} running on ${s.svc.address} (pid ${child.pid})`);
        watch(s);
        return;
      }
      if (Date.now() > end) {
        s.unhealthy = true;
        signalGroup(child.pid, 'SIGKILL');
        break;
      }
      await sleep(100);
    }
    await child.exited;
  }

  /** From its first healthy start until the supervisor stops: what it started beside itself. */
  function watch(s: Slot): void {
    const list = s.svc.companions?.bind(s.svc);
    if (!list || s.companions) return;
    s.companions = watchCompanions({
      service: s.svc.name,
      list,
      active: () => !stopping && s.status.state === 'running',
      policy: { backoffMs: backoff, maxBackoffMs: maxBackoff },
      pollMs: options.companionPollMs ?? 2000,
      log,
      report(failing, restarted) {
        // The service itself runs: `haven services` shows what of it does not.
        if (s.status.state === 'running') s.status = { ...s.status, lastError: failing };
        if (restarted) s.status.restarts += 1;
        save();
      },
    });
  }

  /** A previous Haven killed with SIGKILL may have left its services: end them (checked by executable). */
  async function endLeftovers(): Promise<void> {
    const previous = await readState(statePath);
    if (!previous || previous.supervisorPid === process.pid || supervisorAlive(previous)) return;
    for (const old of previous.services) {
      const s = slots.find((x) => x.svc.name === old.name);
      if (!s || !old.pid) continue;
      const exe = await executable(old.pid);
      const cmd = await findBinary(s.svc.command().cmd);
      if (exe && cmd && exe === (await realpath(cmd).catch(() => null))) {
        log('warn', `services: ending ${old.name} (pid ${old.pid}) left by a previous run`);
        signalGroup(old.pid, 'SIGKILL');
        for (let i = 0; i < 40 && (await groupAlive(old.pid)); i++) await sleep(50);
      }
    }
  }

  return {
    async start() {
      stopping = false;
      process.on('exit', killAll);
      await mkdir(dir, { recursive: true, mode: 0o711 });
      await endLeftovers();
      await Promise.all(
        slots.map(async (s) => {
          const pkg = await s.svc.missing();
          if (pkg) {
            s.status = { ...s.status, state: 'not-installed', package: pkg };
            log(
              'warn',
              `services: ${s.svc.name} is not installed here; it comes with the Debian package ${pkg} (apt-get install ${pkg})`,
            );
            return;
          }
          if (s.svc.slowStart) void launch(s);
          else await launch(s);
        }),
      );
      save();
      await saving;
    },

    async stop() {
      stopping = true;
      for (const s of slots) if (s.timer) clearTimeout(s.timer);
      await Promise.all(
        slots.map(async (s) => {
          await s.companions?.stop();
          s.companions = null;
          const child = s.child;
          if (child) await stopGroup(child, stopTimeout);
          s.child = null;
          await s.svc.stopped?.();
          if (s.status.state !== 'not-installed')
            s.status = { ...s.status, state: 'stopped', pid: null };
        }),
      );
      process.off('exit', killAll);
      save();
      await saving;
    },

    statuses: () => slots.map((s) => ({ ...s.status })),

    reload(name) {
      const s = slots.find((x) => x.svc.name === name);
      if (!s?.child) return false;
      try {
        process.kill(s.child.pid, s.svc.reloadSignal);
        return true;
      } catch {
        return false;
      }
    },
  };
}
