/** Every time the portal shows is in the tax agencies' zone (shown under the label "EST"). */
export const BUSINESS_TIME_ZONE = 'America/New_York';
