import { addColumnOnce, type Migration } from '../migrations';

/**
 * Version 10: two fields of the provider's charge the sandbox now keeps (docs/orders-and-charges.md#the-charge):
 * the merchant's `metadata` and the buyer's interest of an installment charge (`amount.fees.buyer.interest`),
 * each as JSON, NULL on every existing charge.
 */
export const chargeReferenceFields: Migration = {
  version: 12,
  name: "a charge's metadata and buyer interest",
  up: (db) => {
    addColumnOnce(db, 'charges', 'metadata', 'TEXT');
    addColumnOnce(db, 'charges', 'buyer_interest', 'TEXT');
  },
};
