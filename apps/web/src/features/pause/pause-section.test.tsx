import {
  PAUSE_SECTION_ID,
  PAUSE_TEXT,
  pauseOfferPath,
  type PauseResponse,
  type SubscriptionInfo,
} from '@enq/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetchRoutes, type RouteHandler } from '../../test/fetch-routes';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse, TestServices } from '../../test/utils';
import { PauseBanner } from './pause-banner';
import { PauseSection } from './pause-section';

const BASE = '/api/v1/account/pause';
const INFO = {
  current_plan: { credits: 14_000, period: 'mo', price_id: 'practice-monthly' },
  status: 'active',
  pause: null,
} as unknown as SubscriptionInfo;
const OFFER: PauseResponse = {
  pause: null,
  refusal: null,
  starts_at: '2027-02-04T15:00:00.000Z',
  earliest_resume_on: '2027-03-04',
  latest_resume_on: '2027-08-04',
  monthly_price: 150,
  monthly_credits: 14_000,
};
const PAUSED = {
  state: 'paused',
  starts_at: '2027-02-04T15:00:00.000Z',
  resume_at: '2027-06-04T14:00:00.000Z',
  days: 120,
  days_left: 12,
  rollover_credits_held: 2_000,
  bonus_credits_held: 0,
  decline_message: null,
} as const;

let routes: Record<string, RouteHandler>;
let fetchMock: ReturnType<typeof stubFetchRoutes>;
beforeEach(() => {
  routes = { [`GET ${BASE}/`]: () => jsonResponse(OFFER) };
  fetchMock = stubFetchRoutes(routes);
});
afterEach(() => vi.restoreAllMocks());

const draw = (info: SubscriptionInfo = INFO) =>
  render(
    <TestServices>
      <PauseSection info={info} />
    </TestServices>,
  );

describe('the pause on /subscription', () => {
  it('PAUSE-01 offers a resume date within the range, with the plan figures, and posts the date picked', async () => {
    routes[`POST ${BASE}/`] = () =>
      jsonResponse({ ...OFFER, pause: { ...PAUSED, state: 'scheduled' }, message: PAUSE_TEXT.paused });
    draw();
    const section = await screen.findByRole('region', { name: PAUSE_TEXT.sectionTitle });
    await within(section).findByText('Each paused month saves $150.00; no 14,000 credits are added.');
    expect(within(section).getByText('Choose a date from Mar 4, 2027 to Aug 4, 2027.')).toBeTruthy();
    const date = within(section).getByLabelText(PAUSE_TEXT.resumeLabel);
    expect([date.getAttribute('min'), date.getAttribute('max')]).toEqual(['2027-03-04', '2027-08-04']);
    fireEvent.change(date, { target: { value: '2027-06-04' } });
    fireEvent.click(within(section).getByRole('button', { name: PAUSE_TEXT.pauseButton }));
    await within(section).findByText(
      PAUSE_TEXT.scheduled('2027-02-04T15:00:00.000Z', '2027-06-04T14:00:00.000Z'),
    );
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'POST');
    expect(JSON.parse(String((post![1] as RequestInit).body))).toEqual({ resume_on: '2027-06-04' });
  });

  it("PAUSE-01 the cancel flow's seasonal offer opens the section with its date chosen (one outside the range is not)", async () => {
    window.history.replaceState(null, '', pauseOfferPath('2027-06-30'));
    const first = draw();
    const section = await screen.findByRole('region', { name: PAUSE_TEXT.sectionTitle });
    expect(section.id).toBe(PAUSE_SECTION_ID);
    expect(await within(section).findByLabelText(PAUSE_TEXT.resumeLabel)).toHaveProperty(
      'value',
      '2027-06-30',
    );
    first.unmount();
    window.history.replaceState(null, '', pauseOfferPath('2027-09-30'));
    draw();
    const again = await screen.findByRole('region', { name: PAUSE_TEXT.sectionTitle });
    expect(await within(again).findByLabelText(PAUSE_TEXT.resumeLabel)).toHaveProperty('value', '2027-03-04');
    window.history.replaceState(null, '', '/');
  });

  it('PAUSE-02 shows the six-in-twelve refusal under the date it concerns', async () => {
    const message = PAUSE_TEXT.sixInTwelve(4, 2);
    routes[`POST ${BASE}/`] = () => jsonResponse({ message, field: 'resume_on', code: 'invalid' }, 400);
    draw();
    const section = await screen.findByRole('region', { name: PAUSE_TEXT.sectionTitle });
    fireEvent.click(await within(section).findByRole('button', { name: PAUSE_TEXT.pauseButton }));
    expect((await within(section).findByRole('alert')).textContent).toBe(message);
    expect(within(section).getByLabelText(PAUSE_TEXT.resumeLabel).getAttribute('aria-invalid')).toBe('true');
  });

  it("PAUSE-01 after Keep this plan the cancelled plan's refusal is gone at once, not left up until the pause is asked again", async () => {
    routes[`GET ${BASE}/`] = () => jsonResponse({ ...OFFER, refusal: PAUSE_TEXT.cancelling });
    const cancelled = { ...INFO, cancel_at_period_end: true, pending_plan_id: null } as SubscriptionInfo;
    const queryClient = createQueryClient();
    const view = render(
      <TestServices queryClient={queryClient}>
        <PauseSection info={cancelled} />
      </TestServices>,
    );
    const section = await screen.findByRole('region', { name: PAUSE_TEXT.sectionTitle });
    await within(section).findByText(PAUSE_TEXT.cancelling);
    // The kept plan's answer is slow: until it comes the section says nothing rather than the old refusal.
    let answer!: () => void;
    routes[`GET ${BASE}/`] = () => new Promise((done) => (answer = () => done(jsonResponse(OFFER))));
    view.rerender(
      <TestServices queryClient={queryClient}>
        <PauseSection info={{ ...cancelled, cancel_at_period_end: false }} />
      </TestServices>,
    );
    expect(within(section).queryByText(PAUSE_TEXT.cancelling)).toBeNull();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer();
    expect(await within(section).findByLabelText(PAUSE_TEXT.resumeLabel)).toHaveProperty(
      'value',
      '2027-03-04',
    );
  });

  it('PAUSE-01 an annual plan is told it cannot pause, with no form', async () => {
    draw({ ...INFO, current_plan: { credits: 360_000, period: 'yr', price_id: 'team-annual' } });
    const section = await screen.findByRole('region', { name: PAUSE_TEXT.sectionTitle });
    expect(within(section).getByText(PAUSE_TEXT.annual)).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('PAUSE-05 the banner says until when, how many days are left, why a resume was declined, and offers Resume now', () => {
    render(
      <TestServices>
        <PauseBanner
          info={{
            ...INFO,
            status: 'paused',
            pause: { ...PAUSED, decline_message: 'Your card was declined.' },
          }}
        />
      </TestServices>,
    );
    const banner = screen.getByRole('status', { name: 'Plan paused' });
    expect(within(banner).getByText(PAUSE_TEXT.banner(PAUSED.resume_at))).toBeTruthy();
    expect(within(banner).getByText('Resumes on Jun 4, 2027, in 12 days.')).toBeTruthy();
    expect(within(banner).getByText(PAUSE_TEXT.declined('Your card was declined.'))).toBeTruthy();
    expect(within(banner).getByRole('button', { name: PAUSE_TEXT.resumeNow })).toBeTruthy();
  });
});
