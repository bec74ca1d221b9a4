import { sdkFileUrl } from '../api-url';
import { getConfig } from '../config';
import { loadScript } from '../load-script';
import { CARD_FIELDS_INTEGRITY } from './card-fields-integrity';
import { CARD_FIELDS_MODULE_KEY } from './card-fields-module-key';
import type { CardFieldsModule } from './import-card-fields-module';

let loading: Promise<CardFieldsModule> | undefined;

/**
 * The script-tag build's loadCardFields: adds gateway-fields.js from beside gateway.js, so a page
 * without card fields never downloads it. A failed load is forgotten, so the next call tries again.
 */
export function loadCardFields(): Promise<CardFieldsModule> {
  loading ??= loadScript<CardFieldsModule>(
    sdkFileUrl('gateway-fields.js', getConfig()!.apiUrl),
    CARD_FIELDS_INTEGRITY,
    CARD_FIELDS_MODULE_KEY,
  ).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
