import { cron } from '@haven/contract';
import { invalid } from './cron.errors.ts';

const { CRON_FIELDS, fieldProblem, hasCronUnsafe, relPathProblem, relPathText } = cron;

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

/**
 * Judges a job as the customer sent it (nothing is changed until it passes): no newline or other
 * control character anywhere (`%` is fine: no field reaches a crontab line); each schedule field within its range with a step of at least 1; paths below the FTP
 * user's folder by the one rule for customer paths (no `..`), stored as names joined by `/`; a
 * known app; a script (one name) or a command.
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
  const dir = body.script_dir.trim();
  const file = body.script_file.trim();
  const log = body.logging_path.trim();
  const command = body.command.trim();
  if (relPathProblem(dir)) throw invalid('invalid_path', { script_dir: 'path' });
  const script_dir = relPathText(dir);
  const script_file = relPathText(file);
  if (body.app === 'command') {
    if (command === '') throw invalid('invalid_command', { command: 'required' });
  } else if (relPathProblem(file) || script_file === '' || script_file.includes('/')) {
    throw invalid('invalid_path', { script_file: 'path' });
  }
  if (body.logging && relPathProblem(log))
    throw invalid('invalid_log_path', { logging_path: 'path' });
  const logging_path = relPathText(log);
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
