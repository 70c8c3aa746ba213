import { TWO_FACTOR_TEXT, formatWait } from '@enq/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import { clearSignInFailures, recordSignInFailure, signInWaitSeconds } from '../../domain/auth';
import {
  holdSignIn,
  pendingSignIn,
  releaseSignIn,
  type PendingSignIn,
  checkSecondFactor,
  CODES_LOCKED_MESSAGE,
  codesLockedUntil,
  confirmEnrolment,
  guardedCodeCheck,
  startEnrolment,
  type CodeCheck,
  type WrongCodeOutcome,
} from '../../domain/two-factor';
import type { LoginDevice } from '../../plugins/idp/provider';
import { renderCodePage, renderEnrolPage, renderRecoveryCodesPage } from './two-factor-pages';

const codeBody = z.object({ code: z.string().max(64) });
const limited = { schema: { hide: true }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };
type Interaction = { uid: string };
type Params = { Params: { uid: string } };

export interface TwoFactorRouteOptions {
  interactionOf: (req: FastifyRequest, reply: FastifyReply) => Promise<Interaction | null>;
  finish: (
    req: FastifyRequest,
    reply: FastifyReply,
    result: InteractionResults,
    merge: boolean,
  ) => Promise<void>;
  expired: (reply: FastifyReply) => FastifyReply;
}

/** The sign-in's result once the second factor is done: amr says a code was used (RFC 8176 "otp"). */
export const secondFactorLogin = (pending: PendingSignIn): InteractionResults & LoginDevice => ({
  login: { accountId: pending.subject, remember: true, amr: ['pwd', 'otp'] },
  device: { id: pending.deviceId },
});

/**
 * The sign-in's second step (TOTP): the code page for a person with two-factor sign-in on, and the
 * set-up a staff member without it goes through first (QR code, a first code, recovery codes shown
 * once). Wrong codes count as failed sign-ins of the email and address (sign-in-throttle).
 */
export async function twoFactorRoutes(app: FastifyInstance, opts: TwoFactorRouteOptions) {
  const { interactionOf, finish, expired } = opts;
  const html = (reply: FastifyReply, status: number, page: string) =>
    reply.code(status).type('text/html').send(page);

  /** The interaction and its held sign-in at `step`; null when answered already (expired). */
  async function held(req: FastifyRequest<Params>, reply: FastifyReply, steps: PendingSignIn['step'][]) {
    const details = await interactionOf(req, reply);
    if (!details) return null;
    const pending = await pendingSignIn(app.database, details.uid);
    if (!pending || !steps.includes(pending.step)) {
      expired(reply);
      return null;
    }
    return { uid: details.uid, pending };
  }

  /**
   * A wait still running answers 429: the address's (the sign-in throttle) or the account's, which
   * refuses codes from every address after CODE_GUESSES.perAccount wrong ones.
   */
  async function throttled(req: FastifyRequest, pending: PendingSignIn, now: Date) {
    if (await codesLockedUntil(app.database, pending.personId, now)) return CODES_LOCKED_MESSAGE;
    const wait = await signInWaitSeconds(app.database, pending.email, req.ip, now);
    return wait > 0 ? `Too many wrong codes. Please wait ${formatWait(wait)} and try again.` : null;
  }
  /**
   * A code checked while the account's count is held (guardedCodeCheck): codes sent at once to several
   * processes cannot all pass the lock test above before any is counted.
   */
  const checkedCode = <T>(uid: string, pending: PendingSignIn, now: Date, check: CodeCheck<T>) =>
    guardedCodeCheck(app.database, app.mailer, { uid, ...pending }, now, check);
  /** A wrong code, counted for the held sign-in and the account, counts for the address; says what comes next. */
  async function countWrong(
    req: FastifyRequest,
    pending: PendingSignIn,
    outcome: WrongCodeOutcome,
    now: Date,
  ) {
    await recordSignInFailure(app.database, pending.email, req.ip, now);
    if (outcome.lockedNow) return CODES_LOCKED_MESSAGE;
    if (outcome.signInOver) return TWO_FACTOR_TEXT.signInOver;
    const next = await signInWaitSeconds(app.database, pending.email, req.ip, now);
    return next > 0
      ? `${TWO_FACTOR_TEXT.wrongCode} Please wait ${formatWait(next)} before you try again.`
      : TWO_FACTOR_TEXT.wrongCode;
  }
  async function complete(req: FastifyRequest, reply: FastifyReply, uid: string, pending: PendingSignIn) {
    await clearSignInFailures(app.database, pending.email, req.ip);
    await releaseSignIn(app.database, uid);
    return finish(req, reply, secondFactorLogin(pending), false);
  }

  app.post<Params>('/interaction/:uid/second-factor', limited, async (req, reply) => {
    const found = await held(req, reply, ['code']);
    if (!found) return reply;
    const { uid, pending } = found;
    const now = new Date();
    const wait = await throttled(req, pending, now);
    if (wait) return html(reply.header('retry-after', '60'), 429, renderCodePage({ uid, error: wait }));
    const parsed = codeBody.safeParse(req.body);
    const checked = parsed.success
      ? await checkedCode(uid, pending, now, (tx) =>
          checkSecondFactor(tx, pending.personId, parsed.data.code, app.clock.now()),
        )
      : null;
    if (checked?.kind === 'locked')
      return html(
        reply.header('retry-after', '60'),
        429,
        renderCodePage({ uid, error: CODES_LOCKED_MESSAGE }),
      );
    if (!checked || (checked.kind === 'right' && checked.value === 'format'))
      return html(reply, 400, renderCodePage({ uid, error: TWO_FACTOR_TEXT.codeOrRecoveryFormat }));
    if (checked.kind === 'wrong') {
      req.log.info('second factor refused');
      const error = await countWrong(req, pending, checked.outcome, now);
      return html(reply, 401, renderCodePage({ uid, error }));
    }
    if (checked.value === 'recovery') req.log.info('signed in with a recovery code');
    return complete(req, reply, uid, pending);
  });

  app.post<Params>('/interaction/:uid/enrol', limited, async (req, reply) => {
    const found = await held(req, reply, ['enrol']);
    if (!found) return reply;
    const { uid, pending } = found;
    const now = new Date();
    const again = async (status: number, error: string) => {
      const enrolment = await startEnrolment(app.database, { id: pending.personId, email: pending.email });
      if (enrolment === 'already_on') return expired(reply);
      return html(reply, status, renderEnrolPage({ uid, enrolment, error }));
    };
    const wait = await throttled(req, pending, now);
    if (wait) return again(429, wait);
    const parsed = codeBody.safeParse(req.body);
    const code = parsed.success ? parsed.data.code.replace(/\s+/g, '') : '';
    if (!/^\d{6}$/.test(code)) return again(400, TWO_FACTOR_TEXT.codeFormat);
    const checked = await checkedCode(uid, pending, now, (tx) =>
      confirmEnrolment(tx, pending.personId, code, app.clock.now()),
    );
    if (checked.kind === 'locked') return again(429, CODES_LOCKED_MESSAGE);
    if (checked.kind === 'wrong') return again(401, await countWrong(req, pending, checked.outcome, now));
    const codes = checked.value;
    if (!Array.isArray(codes)) return expired(reply);
    await holdSignIn(app.database, uid, { ...pending, step: 'enrolled' }, new Date());
    return html(reply, 200, renderRecoveryCodesPage({ uid, codes }));
  });

  app.post<Params>('/interaction/:uid/enrolled', limited, async (req, reply) => {
    const found = await held(req, reply, ['enrolled']);
    if (!found) return reply;
    return complete(req, reply, found.uid, found.pending);
  });
}
