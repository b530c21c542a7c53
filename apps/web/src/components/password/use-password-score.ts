import { useEffect, useState } from 'react';

type Scorer = (password: string, userInputs: string[]) => number;

let scorer: Promise<Scorer> | undefined;

/** zxcvbn and its dictionaries weigh ~800 KB: fetched on first use, never with the login page. */
function loadScorer(): Promise<Scorer> {
  scorer ??= import('@haven/contract/password-strength').then((m) => m.passwordScore);
  return scorer;
}

/** The zxcvbn score (0..4) of a password, or undefined until the estimator has loaded. */
export function usePasswordScore(
  password: string,
  userInputs: readonly string[],
  enabled: boolean,
): number | undefined {
  const [score, setScore] = useState<number | undefined>(undefined);
  const inputsKey = userInputs.join('\n');

  useEffect(() => {
    if (!enabled || !password) {
      setScore(undefined);
      return;
    }
    let current = true;
    loadScorer().then(
      (score) => {
        if (current) setScore(score(password, inputsKey ? inputsKey.split('\n') : []));
      },
      () => {
        // Without the estimator the server still judges strength; the meter just stays empty.
      },
    );
    return () => {
      current = false;
    };
  }, [password, inputsKey, enabled]);

  return score;
}
