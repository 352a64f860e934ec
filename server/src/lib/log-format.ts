import pino, { type DestinationStream, type Logger } from 'pino';
import PinoPretty from 'pino-pretty';

/** How log lines are written: `auto` is readable lines on a terminal, JSON otherwise. */
export type LogFormat = 'auto' | 'json' | 'pretty';

let pretty: DestinationStream | undefined;

/**
 * Where every logger of the process writes: undefined for pino's own JSON on stdout, or one
 * shared stream of readable lines (time, level, message, then the fields) when `LOG_FORMAT` asks
 * for them or, with `auto`, when stdout is an interactive terminal. Log collectors read stdout
 * through a pipe, so they keep JSON without any setting.
 */
export function logDestination(
  format: LogFormat,
  interactive: boolean = process.stdout.isTTY === true,
): DestinationStream | undefined {
  if (format === 'json' || (format === 'auto' && !interactive)) return undefined;
  pretty ??= PinoPretty({
    sync: true,
    colorize: interactive,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  return pretty;
}

/** A named logger of this process (search, mail, cluster) writing where the listeners write. */
export function namedLogger(name: string, level: string, format: LogFormat): Logger {
  const stream = logDestination(format);
  return stream ? pino({ level, name }, stream) : pino({ level, name });
}
