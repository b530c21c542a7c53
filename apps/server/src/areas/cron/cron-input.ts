import { cron } from '@haven/contract';
import { invalid } from './cron.errors.ts';

const { CRON_FIELDS, fieldProblem, hasCronUnsafe, relPathProblem } = cron;

/** A job's fields as stored, after every check. */
export interface CronInput {
  app: string;
  name: string;
  script_dir: string;
  script_file: string;
  command: string;
  logging: number;
  logging_mode: 'append' | 'overwrite';
  logging_path: string;
  minute: string;
  hour: string;
  day: string;
  month: string;
  dayofweek: string;
}

const trimSlashes = (v: string) =>
  v
    .trim()
    .replace(/^\.\/+/, '')
    .replace(/\/+$/, '');

/**
 * Judges a job as the customer sent it (nothing is changed until it passes): no newline, `%` or
 * other control character anywhere (a crontab line must stay one line without environment
 * lines); each schedule field within its range with a step of at least 1; paths relative to the
 * FTP user's folder without `..`; a known app; a script or a command.
 */
export function judgeInput(body: cron.CronjobBody, apps: readonly string[]): CronInput {
  const texts = {
    name: body.name,
    script_dir: body.script_dir,
    script_file: body.script_file,
    command: body.command,
    logging_path: body.logging_path,
    ...body.schedule,
  };
  for (const [field, value] of Object.entries(texts))
    if (hasCronUnsafe(value)) throw invalid('invalid_characters', { [field]: 'characters' });
  const name = body.name.trim();
  if (name === '') throw invalid('invalid_name', { name: 'required' });
  for (const f of CRON_FIELDS) {
    const problem = fieldProblem(f, body.schedule[f].trim());
    if (problem) throw invalid('invalid_schedule', { [`schedule.${f}`]: problem });
  }
  if (body.app !== 'command' && !apps.includes(body.app))
    throw invalid('unknown_app', { app: 'unknown' });
  const script_dir = trimSlashes(body.script_dir);
  const script_file = trimSlashes(body.script_file);
  const logging_path = trimSlashes(body.logging_path);
  const command = body.command.trim();
  if (relPathProblem(script_dir)) throw invalid('invalid_path', { script_dir: 'path' });
  if (body.app === 'command') {
    if (command === '') throw invalid('invalid_command', { command: 'required' });
  } else if (script_file === '' || script_file.includes('/') || relPathProblem(script_file)) {
    throw invalid('invalid_path', { script_file: 'path' });
  }
  if (body.logging && relPathProblem(logging_path))
    throw invalid('invalid_log_path', { logging_path: 'path' });
  return {
    app: body.app,
    name,
    script_dir,
    script_file: body.app === 'command' ? '' : script_file,
    command: body.app === 'command' ? command : '',
    logging: body.logging ? 1 : 0,
    logging_mode: body.logging_mode,
    logging_path: body.logging ? logging_path : '',
    minute: body.schedule.minute.trim(),
    hour: body.schedule.hour.trim(),
    day: body.schedule.day.trim(),
    month: body.schedule.month.trim(),
    dayofweek: body.schedule.dayofweek.trim(),
  };
}
