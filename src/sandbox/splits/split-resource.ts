import { timestamp } from '../clock';
import type { ChargeRecord, StoredSplits } from '../charges/charge-store';
import { distribute, splitShares, type SplitMethod, type SplitsBody } from './split-request';

/** Where a split stands, from its charge: PENDING until paid, PROCESSED once paid, CANCELED when the charge never paid or was refunded in full. */
type SplitStatus = 'PENDING' | 'PROCESSED' | 'CANCELED';

type Receiver = SplitsBody['receivers'][number];

/** A receiver as GET /splits/{id} answers it: as sent, with its share of the charge and of its refunds, and its custody. */
interface ReceiverView extends Omit<Receiver, 'amount' | 'configurations'> {
  amount: { value: number; summary: { total: number; refunded: number } };
  configurations: Omit<NonNullable<Receiver['configurations']>, 'custody'> & {
    custody?: { apply: boolean; status?: 'HELD' | 'RELEASED'; released_at?: string };
  };
}

/** GET /splits/{id}: the split of a charge, each receiver's share and custody (docs/splits.md). */
export interface SplitResource {
  id: string;
  charge_id: string;
  method: SplitMethod;
  status: SplitStatus;
  created_at: string;
  receivers: ReceiverView[];
}

function statusOf(charge: ChargeRecord): SplitStatus {
  if (charge.status === 'PAID') return charge.refunded >= charge.paid ? 'CANCELED' : 'PROCESSED';
  return charge.status === 'AUTHORIZED' || charge.status === 'WAITING' ? 'PENDING' : 'CANCELED';
}

/**
 * The answer of GET /splits/{id}. Shares are of what was paid (`amount.value` of the charge, or the
 * captured part); refunds follow the split: what the charge refunded is divided in proportion to
 * the shares, in whole cents (largest remainder).
 */
export function splitResource(charge: ChargeRecord, splits: StoredSplits): SplitResource {
  const base = charge.paid > 0 ? charge.paid : charge.amount;
  const shares = splitShares(splits, base);
  const refunds = distribute(charge.refunded, shares);
  const held = splits.custodyReleasedAt === null;
  return {
    id: splits.id,
    charge_id: charge.id,
    method: splits.method,
    status: statusOf(charge),
    created_at: timestamp(new Date(charge.createdAt)),
    receivers: splits.receivers.map((r, i) => {
      const custody = r.configurations?.custody;
      return {
        account: r.account,
        amount: { value: r.amount.value, summary: { total: shares[i]!, refunded: refunds[i]! } },
        ...(r.reason !== undefined && { reason: r.reason }),
        configurations: {
          ...(r.configurations?.liable !== undefined && { liable: r.configurations.liable }),
          ...(r.configurations?.chargeback && { chargeback: r.configurations.chargeback }),
          ...(custody && {
            custody: custody.apply
              ? {
                  apply: true,
                  status: held ? ('HELD' as const) : ('RELEASED' as const),
                  ...(splits.custodyReleasedAt !== null && {
                    released_at: timestamp(new Date(splits.custodyReleasedAt)),
                  }),
                }
              : { apply: false },
          }),
        },
      };
    }),
  };
}
