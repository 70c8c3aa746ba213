/** Every time the portal shows is in the tax agencies' zone (the spec's "EST"). */
export const BUSINESS_TIME_ZONE = 'America/New_York';
