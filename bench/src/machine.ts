import os from 'node:os';

/** The machine a run happened on, for the RESULTS.md header of each suite. */
export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1-minute load average when the suite started: other work on the machine skews figures. */
  loadAverage: number;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

/** One line describing the machine and the date. */
export function describeMachine(info: MachineInfo, date: Date): string {
  return (
    `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${info.cpu} · ${info.cores} cores · ` +
    `${info.memoryGiB} GiB · Node ${info.node} · ${info.platform} · load average ${info.loadAverage} at start`
  );
}
