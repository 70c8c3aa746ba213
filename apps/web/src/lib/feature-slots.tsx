import type { SubscriptionInfo } from '@enq/contract';
import { createContext, Suspense, useContext, type ComponentType } from 'react';

// Pieces of one feature shown on another's screen (the pause on /subscription and the overview): a
// feature imports no other feature, so app/ hands them in here and a screen draws the slot by name.

export interface FeatureSlots {
  /** The pause's section on /subscription (features/pause). */
  pauseSection?: ComponentType<{ info: SubscriptionInfo }>;
  /** The overview's banner while a pause is scheduled or under way (features/pause). */
  pauseBanner?: ComponentType<{ info: SubscriptionInfo }>;
}

export const FeatureSlotsContext = createContext<FeatureSlots>({});

/** Draws the named slot when app/ filled it (nothing in a unit test that did not); its code may be lazy. */
export function FeatureSlot({ name, info }: { name: keyof FeatureSlots; info: SubscriptionInfo }) {
  const Slot = useContext(FeatureSlotsContext)[name];
  if (!Slot) return null;
  return (
    <Suspense fallback={null}>
      <Slot info={info} />
    </Suspense>
  );
}
