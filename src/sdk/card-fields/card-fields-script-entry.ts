// Entry of gateway-fields.js, the script-tag build's hosted card fields code, loaded on the first
// createCardFields: a page that never hosts the fields never downloads it.
import { CARD_FIELDS_MODULE_KEY } from './card-fields-module-key';
import type { CardFieldsModule } from './import-card-fields-module';
import { startCardFields } from './card-fields-instance';

(globalThis as Record<symbol, CardFieldsModule>)[CARD_FIELDS_MODULE_KEY] = { startCardFields };
