import { PAUSE_REFUSAL, addPauseMonths, newYorkDate } from '@enq/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingEngine } from '../../../src/domain/billing-engine/billing-engine';
import { requestPause } from '../../../src/domain/pause';
import { planStateAt } from '../../../src/domain/periods';
import { authorizeCall, ingestCalls } from '../../../src/domain/telephony';
import { drivers } from '../../helpers/app';
import { DESTINATION, createAccount, createWorld, type World } from '../../helpers/billing-harness';

// Authorize and ingest read the plan at a moment by one rule (domain/periods planStateAt), so a call
// authorize refused as paused is never booked, and one it allowed is never refused as paused.

const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);
const period = (start: string, end: string) => ({ start: at(start), end: at(end) });

describe('planStateAt: the plan at a moment', () => {
  const ended = period('2027-02-04T15:00:00Z', '2027-03-04T15:00:00Z');
  const resumed = period('2027-03-20T15:00:00Z', '2027-04-20T15:00:00Z');
  const pause = { status: 'resumed', starts_at: ended.end, resumed_at: resumed.start };

  it('PAUSE-04 the last minute of a period is the period, the pause runs from its end to the resume, then the new period', () => {
    const input = { open: [ended, resumed], current: resumed, pauses: [pause] };
    expect(planStateAt(new Date(ended.end.getTime() - MINUTE), input)).toEqual({
      state: 'period',
      period: ended,
    });
    expect(planStateAt(ended.end, input)).toEqual({ state: 'paused' });
    expect(planStateAt(new Date(resumed.start.getTime() - MINUTE), input)).toEqual({ state: 'paused' });
    expect(planStateAt(resumed.start, input)).toEqual({ state: 'period', period: resumed });
  });

  it('a call after its period closed and outside any pause is billed in the current period; none without one', () => {
    const late = new Date(ended.start.getTime() - MINUTE);
    expect(planStateAt(late, { open: [resumed], current: resumed, pauses: [pause] })).toEqual({
      state: 'period',
      period: resumed,
    });
    expect(planStateAt(late, { open: [], current: null, pauses: [] })).toEqual({ state: 'none' });
  });

  it('a scheduled pause is paused from its start once that has passed (the close begins it); a withdrawn one never', () => {
    const due = { status: 'scheduled', starts_at: ended.end, resumed_at: null };
    const after = new Date(ended.end.getTime() + MINUTE);
    expect(planStateAt(after, { open: [ended], current: ended, pauses: [due] })).toEqual({ state: 'paused' });
    expect(
      planStateAt(after, { open: [ended], current: ended, pauses: [{ ...due, status: 'withdrawn' }] }),
    ).toEqual({ state: 'period', period: ended });
  });
});

describe.each(drivers)('authorize and ingest agree across a pause (%s)', (driver) => {
  let world: World;
  let engine: BillingEngine;
  beforeAll(async () => {
    world = await createWorld(driver, '2027-01-04T15:00:00Z');
    engine = world.billing.engine(world.database, { closeGraceMs: 60 * MINUTE });
  });
  afterAll(() => world?.close());

  it('PAUSE-04 once the period a pause follows has ended, before the close has run: authorize refuses and ingest books nothing', async () => {
    const { accountId, pin } = await createAccount(world);
    await engine.startSubscription(accountId, 'practice-monthly');
    const [sub] = await world.database.query<{ current_period_end: Date }>(
      'select current_period_end from subscriptions where account_id = $1',
      [accountId],
    );
    const end = new Date(sub!.current_period_end);
    await requestPause(
      world.database,
      accountId,
      { resume_on: newYorkDate(addPauseMonths(end, 2)) },
      { personId: null },
      world.clock.now(),
    );
    // Before the end authorize allows; a minute after it (no close job yet) the plan is paused.
    expect(await authorizeCall(world.database, pin, new Date(end.getTime() - MINUTE))).toEqual({
      allowed: true,
      reason: null,
    });
    const after = new Date(end.getTime() + MINUTE);
    world.clock.set(after);
    expect(await authorizeCall(world.database, pin, after)).toEqual({
      allowed: false,
      reason: PAUSE_REFUSAL,
    });
    const result = await ingestCalls({ database: world.database, rates: world.rates, engine, now: after }, [
      {
        call_uuid: randomUUID(),
        pin,
        call_timestamp: after.toISOString(),
        destination: DESTINATION,
        caller_id_number: '+12125550100',
        billed_duration: 600,
      },
    ]);
    expect(result).toMatchObject({
      accepted: 0,
      rejected: [expect.objectContaining({ reason: PAUSE_REFUSAL })],
    });
  });
});
