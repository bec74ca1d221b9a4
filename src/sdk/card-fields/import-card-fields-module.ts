import type { StartRequest } from './card-fields-instance';
import type { CardFields } from './card-fields-types';

/** What the fields' code loaded on first use exports. */
export interface CardFieldsModule {
  startCardFields(request: StartRequest): CardFields;
}

/**
 * Loads the hosted card fields' page code on the first createCardFields. In the npm builds this is
 * a dynamic import the merchant's bundler splits off; the script-tag build swaps this file for
 * add-card-fields-script.ts.
 */
export const loadCardFields = (): Promise<CardFieldsModule> => import('./card-fields-instance');
