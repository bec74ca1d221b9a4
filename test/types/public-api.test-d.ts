// The public types are part of the contract: checked by `tsc --noEmit -p tsconfig.json` (the
// typecheck step of `npm test`) against the BUILT declarations, through the package's own name,
// as an integrator's compiler sees them: dist/index.d.ts for import, dist/index.d.cts for
// require. Never run; every `@ts-expect-error` below must stay an error.
import { expectTypeOf } from 'vitest';
import * as sdk from '@gateway/sdk';
import {
  authenticate3DS,
  encryptCard,
  env,
  ErrorCode,
  GatewayError,
  setUp,
  version,
  type AuthenticationRequest,
  type AuthenticationResult,
  type AuthenticationStatus,
  type BeforeChallenge,
  type CardBrand,
  type ChallengeInfo,
  type EncryptCardErrorCode,
  type EncryptCardResult,
  type ErrorItem,
  type GatewayErrorDetail,
  type SetUpOptions,
} from '@gateway/sdk';
import type * as cjs from '@gateway/sdk' with { 'resolution-mode': 'require' };
import {
  DataFileOverLimitError,
  DataFileVersionError,
  SandboxDependencyError,
  startSandbox,
  type Sandbox,
  type SandboxOptions,
} from '@gateway/sdk/sandbox';

type RuntimeExports = 'authenticate3DS' | 'createCardFields' | 'encryptCard' | 'env' | 'ErrorCode' | 'GatewayError' | 'setUp' | 'version';

const ERROR_CODES = [
  'VALIDATION_ERROR', 'INVALID_SETUP', 'NOT_SET_UP', 'SESSION_EXPIRED', 'NETWORK_ERROR', 'TIMEOUT', 'SERVER_ERROR',
  'INVALID_RESPONSE', 'REQUEST_REJECTED', 'CHALLENGE_CANCELED', 'CHALLENGE_TIMEOUT', 'CHALLENGE_NOT_OPENED',
  'CHALLENGE_FRAME_ERROR', 'CHALLENGE_NOT_COMPLETED', 'ABORTED', 'ALREADY_IN_PROGRESS', 'BROWSER_REQUIRED',
  'CARD_FIELDS_ERROR',
] as const;

/** A request that uses every field; it must keep compiling. */
const request = {
  data: {
    customer: { name: 'Maria Silva', email: 'maria@example.com', phones: [{ country: '55', area: 11, number: '912345678', type: 'MOBILE' }] },
    paymentMethod: { type: 'DEBIT_CARD', installments: 1, card: { number: '4000000000002503', expMonth: '12', expYear: 2030, holder: { name: 'Maria Silva' } } },
    amount: { value: 15_000, currency: 'BRL' },
    billingAddress: { street: 'Avenida Paulista', number: '1000', complement: 'apto 12', city: 'São Paulo', regionCode: 'SP', country: 'BRA', postalCode: '01310-100' },
    shippingAddress: { street: 'Rua Augusta', number: 'S/N', city: 'São Paulo', regionCode: 'SP', country: 'BRA', postalCode: '01305000' },
  },
  dataOnly: false,
  beforeChallenge: ({ brand, issuer, open }) => {
    expectTypeOf(brand).toEqualTypeOf<CardBrand>();
    expectTypeOf(issuer).toEqualTypeOf<string | undefined>();
    open();
  },
  onStatusChange: (status) => expectTypeOf(status).toEqualTypeOf<AuthenticationStatus>(),
  signal: new AbortController().signal,
  challengeTimeout: 120_000,
} satisfies AuthenticationRequest;

// The runtime exports, no more and no fewer, for import and for require.
expectTypeOf<keyof typeof sdk>().toEqualTypeOf<RuntimeExports>();
// (Seen from ESM, a CommonJS module's namespace also has `default`: module.exports itself.)
expectTypeOf<Exclude<keyof typeof cjs, 'default'>>().toEqualTypeOf<RuntimeExports>();

// setUp
expectTypeOf(setUp).toEqualTypeOf<(options: SetUpOptions) => void>();
expectTypeOf<SetUpOptions>().toEqualTypeOf<{ session: string; env: 'PROD' | 'SANDBOX'; apiUrl?: string; timeout?: number; locale?: 'pt-BR' | 'en' }>();
expectTypeOf(env).toEqualTypeOf<Readonly<{ readonly PROD: 'PROD'; readonly SANDBOX: 'SANDBOX' }>>();
setUp({ session: 'sess_1', env: env.SANDBOX, apiUrl: 'http://127.0.0.1:4010', timeout: 5000, locale: 'en' });
// @ts-expect-error env is PROD or SANDBOX
setUp({ session: 'sess_1', env: 'TEST' });
// @ts-expect-error session is required
setUp({ env: 'SANDBOX' });
// @ts-expect-error the challenge dialog speaks pt-BR or en
setUp({ session: 'sess_1', env: 'PROD', locale: 'es' });

// authenticate3DS
expectTypeOf(authenticate3DS).toEqualTypeOf<(request: AuthenticationRequest) => Promise<AuthenticationResult>>();
expectTypeOf(authenticate3DS(request)).resolves.toEqualTypeOf<AuthenticationResult>();
expectTypeOf<AuthenticationResult>().toEqualTypeOf<{
  status: 'AUTH_FLOW_COMPLETED' | 'AUTH_NOT_SUPPORTED' | 'CHANGE_PAYMENT_METHOD';
  id?: string;
  authenticationStatus?: 'AUTHENTICATED' | 'NOT_AUTHENTICATED';
  traceId: string;
}>();
// REQUIRE_CHALLENGE is intermediate: the promise never settles with it, onStatusChange sees it.
expectTypeOf<'REQUIRE_CHALLENGE'>().not.toExtend<AuthenticationResult['status']>();
expectTypeOf<'REQUIRE_CHALLENGE'>().toExtend<AuthenticationStatus>();
expectTypeOf<ChallengeInfo>().toEqualTypeOf<{ brand: CardBrand; issuer?: string; open: () => void }>();
expectTypeOf<BeforeChallenge>().toEqualTypeOf<(info: ChallengeInfo) => void>();
expectTypeOf<CardBrand>().toEqualTypeOf<'visa' | 'mastercard' | 'elo' | 'amex' | 'hipercard' | 'diners' | 'discover' | 'jcb' | 'unknown'>();
// The other two card forms compile too.
authenticate3DS({ ...request, data: { ...request.data, paymentMethod: { type: 'CREDIT_CARD', installments: 3, card: { encrypted: 'base64…' } } } });
authenticate3DS({ ...request, data: { ...request.data, paymentMethod: { type: 'CREDIT_CARD', installments: 1, card: { id: 'CARD_1' } } } });
// @ts-expect-error dataOnly must be false (docs/rules.md)
authenticate3DS({ ...request, dataOnly: true });
// @ts-expect-error BRL only
authenticate3DS({ ...request, data: { ...request.data, amount: { value: 100, currency: 'USD' } } });
// @ts-expect-error 3DS is for cards: no boleto
authenticate3DS({ ...request, data: { ...request.data, paymentMethod: { ...request.data.paymentMethod, type: 'BOLETO' } } });
// @ts-expect-error phone types are MOBILE, HOME, BUSINESS
authenticate3DS({ ...request, data: { ...request.data, customer: { ...request.data.customer, phones: [{ country: '55', area: '11', number: '912345678', type: 'FAX' }] } } });
// @ts-expect-error data is required
authenticate3DS({ dataOnly: false });
// @ts-expect-error beforeChallenge receives one ChallengeInfo, not a string
authenticate3DS({ ...request, beforeChallenge: (brand: string) => void brand });

// GatewayError and its codes
expectTypeOf<ErrorCode>().toEqualTypeOf<(typeof ERROR_CODES)[number]>();
expectTypeOf(ErrorCode.SESSION_EXPIRED).toEqualTypeOf<'SESSION_EXPIRED'>();
expectTypeOf(ErrorCode).toEqualTypeOf<{ readonly [K in (typeof ERROR_CODES)[number]]: K }>();
expectTypeOf<GatewayError>().toExtend<Error>();
expectTypeOf<GatewayErrorDetail>().toEqualTypeOf<{ httpStatus: number; traceId: string; message: string; errorMessages: ErrorItem[]; code: ErrorCode }>();
expectTypeOf<ErrorItem>().toEqualTypeOf<{ code: string; description: string; parameterName: string }>();
expectTypeOf<GatewayError['toJSON']>().returns.toEqualTypeOf<{ name: string; code: ErrorCode; message: string; detail: GatewayErrorDetail }>();
// The constructor takes the wrapped error as { cause }, like Error's own options.
expectTypeOf<ConstructorParameters<typeof GatewayError>[3]>().toEqualTypeOf<{ cause?: unknown } | undefined>();
new GatewayError(ErrorCode.NETWORK_ERROR, 'offline', { traceId: 't' }, { cause: new TypeError('Failed to fetch') });
declare const caught: unknown;
if (caught instanceof GatewayError) {
  expectTypeOf(caught.code).toEqualTypeOf<ErrorCode>();
  expectTypeOf(caught.detail.errorMessages[0]?.parameterName).toEqualTypeOf<string | undefined>();
  // @ts-expect-error code is read-only
  caught.code = 'TIMEOUT';
  // cause: what the SDK wrapped (a fetch TypeError, a load event), unknown until narrowed, read-only
  expectTypeOf(caught.cause).toEqualTypeOf<unknown>();
  // @ts-expect-error cause is read-only
  caught.cause = new Error('x');
  // @ts-expect-error not one of the codes: a typo is caught at compile time
  if (caught.code === 'SESSION_EXPIRD') throw caught;
}

// encryptCard: a result at once (as the provider's), to narrow on hasErrors, never a rejection to catch
expectTypeOf(encryptCard).returns.toEqualTypeOf<EncryptCardResult>();
declare const encrypted: EncryptCardResult;
if (encrypted.hasErrors) {
  expectTypeOf(encrypted.errors[0]!.code).toEqualTypeOf<EncryptCardErrorCode>();
  expectTypeOf(encrypted.encryptedCard).toEqualTypeOf<undefined>();
} else {
  expectTypeOf(encrypted.encryptedCard).toEqualTypeOf<string>();
}
expectTypeOf<EncryptCardErrorCode>().toEqualTypeOf<
  'INVALID_NUMBER' | 'INVALID_SECURITY_CODE' | 'INVALID_EXPIRATION_MONTH' | 'INVALID_EXPIRATION_YEAR' | 'INVALID_HOLDER' | 'INVALID_PUBLIC_KEY' | 'ENCRYPTION_UNAVAILABLE'
>();
// @ts-expect-error the security code is required to encrypt
encryptCard({ publicKey: 'MIIB…', holder: 'Maria Silva', number: '4000000000002370', expMonth: 12, expYear: 2030 });

expectTypeOf(version).toExtend<string>();

// No `any` leaks out of the public API.
expectTypeOf<Parameters<typeof authenticate3DS>[0]>().not.toBeAny();
expectTypeOf<AuthenticationResult>().not.toBeAny();
expectTypeOf<GatewayErrorDetail['errorMessages'][number]>().not.toBeAny();
expectTypeOf<Parameters<typeof encryptCard>[0]>().not.toBeAny();

// require('@gateway/sdk') has the same shapes.
expectTypeOf<Parameters<typeof cjs.authenticate3DS>[0]>().toEqualTypeOf<AuthenticationRequest>();
expectTypeOf<Awaited<ReturnType<typeof cjs.authenticate3DS>>>().toEqualTypeOf<AuthenticationResult>();
expectTypeOf<cjs.GatewayErrorDetail>().toEqualTypeOf<GatewayErrorDetail>();
expectTypeOf<cjs.ErrorCode>().toEqualTypeOf<ErrorCode>();
expectTypeOf<Parameters<typeof cjs.setUp>[0]>().toEqualTypeOf<SetUpOptions>();
expectTypeOf<cjs.EncryptCardResult>().toEqualTypeOf<EncryptCardResult>();

// The sandbox, as a CI set-up uses it.
expectTypeOf(startSandbox).toEqualTypeOf<(options?: SandboxOptions) => Promise<Sandbox>>();
expectTypeOf<Pick<Sandbox, 'apiUrl' | 'challengeUrl' | 'sdkUrl' | 'token'>>().toEqualTypeOf<{ apiUrl: string; challengeUrl: string; sdkUrl: string; token: string }>();
expectTypeOf<Sandbox['close']>().toEqualTypeOf<() => Promise<void>>();
expectTypeOf<Sandbox['clock']['advance']>().parameters.toEqualTypeOf<[ms: number]>();
startSandbox({ port: 4010, challengePort: 4011, token: 'sbx_ci', log: false, merchant: { pciHomologated: false } });
// @ts-expect-error ports are numbers
startSandbox({ port: '4010' });

// What startSandbox rejects with: classes to tell apart with instanceof, each with its stable code.
declare const failure: unknown;
if (failure instanceof SandboxDependencyError) {
  expectTypeOf(failure.code).toEqualTypeOf<'GATEWAY_SANDBOX_NEEDS_SQLITE'>();
  expectTypeOf(failure).toMatchTypeOf<Error>();
}
if (failure instanceof DataFileOverLimitError) {
  expectTypeOf(failure.code).toEqualTypeOf<'GATEWAY_DATA_FILE_OVER_LIMIT'>();
  expectTypeOf<Pick<DataFileOverLimitError, 'file' | 'held' | 'limit'>>().toEqualTypeOf<{
    readonly file: string;
    readonly held: number;
    readonly limit: number;
  }>();
}
if (failure instanceof DataFileVersionError) {
  expectTypeOf(failure.code).toEqualTypeOf<'GATEWAY_DATA_FILE_VERSION'>();
}
