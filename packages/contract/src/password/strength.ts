import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as nl from '@zxcvbn-ts/language-nl-be';

/**
 * The real strength estimator (zxcvbn with Dutch and English dictionaries). Kept in its own
 * module so the web can lazy-load it: the dictionaries weigh hundreds of kilobytes.
 */
const factory = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary, ...nl.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

/** zxcvbn score 0..4 of a password, with the user's own words counted as guessable. */
export function passwordScore(password: string, userInputs: string[] = []): number {
  return factory.check(password, userInputs).score;
}
