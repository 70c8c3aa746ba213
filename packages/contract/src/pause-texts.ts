import { formatDate } from './format';

// The pause's words (docs/billing.md, "Pausing a plan"), apart from its rules and schemas: the
// overview's summary says them on the first load, which brings no schema or date library.

/** The pause's section on /subscription, and the query that offers a resume date in it. */
export const PAUSE_SECTION_ID = 'pause';
export const PAUSE_UNTIL_PARAM = 'pause_until';
/** Where the cancel flow's seasonal offer leads: the pause's section, its date already chosen. */
export const pauseOfferPath = (until: string) =>
  `/subscription?${PAUSE_UNTIL_PARAM}=${until}#${PAUSE_SECTION_ID}`;

export const PAUSE_TEXT = {
  sectionTitle: 'Pause your plan',
  intro:
    'Quiet months? Pause your plan: from the end of this period nothing is charged and no credits are added. Your users, PINs, lines, settings and rollover credits stay as they are, and calls are refused until the plan resumes.',
  annual: 'Annual plans cannot be paused. Only monthly plans can pause.',
  annualRefusal: 'An annual plan cannot be paused; only monthly plans can.',
  notActive: 'Only an active plan can be paused.',
  cancelling: 'Your subscription is cancelled. Keep your plan first to pause it instead.',
  changing: 'A plan change is scheduled. Keep your current plan first to pause it.',
  alreadyPaused: 'Your plan already has a pause.',
  resumeLabel: 'Resume on',
  pauseButton: 'Pause plan',
  resumeNow: 'Resume now',
  keepRunning: "Don't pause",
  paused: 'Plan paused.',
  withdrawn: 'Your plan will not pause.',
  resumed: 'Your plan has resumed.',
  notPaused: 'Your plan is not paused.',
  stillClosing: 'Your last period is still closing. Try again in an hour.',
  dateRange: (earliest: string, latest: string) =>
    `Choose a date from ${formatDate(`${earliest}T12:00:00Z`)} to ${formatDate(`${latest}T12:00:00Z`)}.`,
  tooLong: (earliest: string, latest: string) =>
    `A pause lasts one to six months. Choose a date from ${formatDate(`${earliest}T12:00:00Z`)} to ${formatDate(`${latest}T12:00:00Z`)}.`,
  sixInTwelve: (already: number, left: number) =>
    `A plan can be paused for at most six months in any twelve. ${already} ${already === 1 ? 'month is' : 'months are'} already paused in the twelve months before that date, so this pause can last at most ${left} ${left === 1 ? 'month' : 'months'}.`,
  saves: (price: string, credits: string) =>
    `Each paused month saves ${price}; no ${credits} credits are added.`,
  scheduled: (startsAt: string, resumeAt: string) =>
    `Your plan pauses on ${formatDate(startsAt)} and resumes on ${formatDate(resumeAt)}.`,
  banner: (resumeAt: string) =>
    `Your plan is paused until ${formatDate(resumeAt)}. Calls are refused, and nothing is charged, until it resumes.`,
  summary: (resumeAt: string, held: string) =>
    `No period runs until the plan resumes on ${formatDate(resumeAt)}. ${held} rollover and bonus credits are kept for then.`,
  declined: (message: string) =>
    `Your plan is still paused: the charge to resume it was declined. ${message}`,
} as const;

/** The reminder emailed seven days before a paused plan resumes. */
export const PAUSE_EMAIL = {
  subject: (resumeAt: string) => `Your enQ plan resumes on ${formatDate(resumeAt)}`,
  body: (name: string, plan: string, resumeAt: string, price: string, portalUrl: string) =>
    [
      `Hello ${name},`,
      '',
      `Your ${plan} plan is paused and resumes on ${formatDate(resumeAt)}. That day a new monthly period starts: ${price} is charged to your card on file, and your users' calls are allowed again with the plan's credits and the rollover credits you kept.`,
      '',
      `To resume sooner, use Resume now on your overview: ${portalUrl}/`,
      '',
      '— enQ',
    ].join('\n'),
} as const;
