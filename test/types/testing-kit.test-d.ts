// Compile-time checks of the testing kit's published declarations (dist/testing/index.d.ts), as an
// integrator's compiler sees them: part of `npm run typecheck`.
import { expectTypeOf } from 'vitest';
import { TEST_CARDS, type SandboxCard, type TestCardName } from '@gateway/sdk/testing';

// Every name is a card, and the names are exactly TestCardName's: none is possibly undefined.
expectTypeOf<keyof typeof TEST_CARDS>().toEqualTypeOf<TestCardName>();
expectTypeOf(TEST_CARDS.challenge).toEqualTypeOf<SandboxCard>();
expectTypeOf(TEST_CARDS.methodThenChallenge.brand).toEqualTypeOf<SandboxCard['brand']>();
// @ts-expect-error a name the sandbox has no card for
TEST_CARDS.visa;
// @ts-expect-error the cards are read-only
TEST_CARDS.challenge = TEST_CARDS.denied;
