import { mail as api } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { MailTrainingService } from './mail-training.service.ts';

export function mailTrainingRoutes(bind: Bind, training: MailTrainingService): void {
  bind(api.getTraining, async ({ principal, domain, params }) =>
    training.get(principal, domain, params.name),
  );
  bind(api.saveTraining, async ({ principal, domain, params, body }) =>
    training.save(principal, domain, params.name, body),
  );
}
