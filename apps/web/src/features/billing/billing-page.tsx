import {
  AUTHENTICATION_TEXT,
  BILLING_TEXT,
  taxStatusText,
  type BillingData,
  type CardDetailsDto,
} from '@enq/contract';
import { useEffect, useReducer, useState } from 'react';
import { toast } from '../../lib/toast';
import { AccountBanners } from '../../components/ui/account-banners';
import { Button } from '../../components/ui/button';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { LeavePrompt } from '../../components/ui/leave-prompt';
import { LoadError } from '../../components/ui/load-error';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { PageTitle } from '../../components/ui/page-title';
import { ApiError } from '../../lib/api-client';
import { handleNextAction, isAuthenticationRequired } from '../../lib/payment-authentication';
import { cardReturnPath, useCardAuthenticationReturn } from './card-authentication-return';
import { useChangeCard } from './api/change-card';
import { useBilling } from './api/get-billing';
import { useUpdateAddress } from './api/update-address';
import { AddressForm } from './address-form';
import { addressFormReducer, initialAddressForm, isDirty } from './address-form-state';
import { CardEntry } from './card-entry';
import { brandLabel, CardRow } from './card-row';

export function BillingPage() {
  const billing = useBilling();
  return (
    <div className="space-y-6">
      <PageTitle path="/billing" />
      {/* Once loaded, the page stays: a failed background refetch must not take unsaved edits away. */}
      {billing.data ? (
        <BillingDetails data={billing.data} />
      ) : billing.isError ? (
        <LoadError onRetry={() => void billing.refetch()} />
      ) : (
        <PageSkeleton path="/billing" label="Loading billing" />
      )}
    </div>
  );
}

const section = 'rounded-xl bg-white p-6 shadow-xs ring-1 ring-slate-200';

function BillingDetails({ data }: { data: BillingData }) {
  const [form, dispatch] = useReducer(addressFormReducer, data, initialAddressForm);
  const updateAddress = useUpdateAddress();
  const changeCard = useChangeCard();
  const [cardOpen, setCardOpen] = useState(false);
  const [savedCard, setSavedCard] = useState<CardDetailsDto | null>(null);

  const { service_address, billing_address } = data;
  useEffect(() => {
    dispatch({ type: 'load', data: { service_address, billing_address } });
  }, [service_address, billing_address]);

  function openCardForm() {
    // BILL-33: nothing opens until both addresses are complete.
    if (data.is_billing_address_required || data.is_service_address_required) {
      toast.warning(BILLING_TEXT.addressRequiredForCard, { toastId: 'address-required' });
      return;
    }
    setCardOpen(true);
  }

  /** Saves the card; when its bank asks first, runs the bank's step and asks once more. */
  async function saveCard(pmId: string, asked = false) {
    const answer = await changeCard.mutateAsync(pmId);
    if (isAuthenticationRequired(answer)) {
      if (asked) throw new ApiError(402, 'CARD_DECLINED', AUTHENTICATION_TEXT.failed);
      const { error } = await handleNextAction(answer, cardReturnPath(pmId));
      if (error) throw new ApiError(402, 'CARD_DECLINED', error);
      return saveCard(pmId, true);
    }
    setCardOpen(false);
    setSavedCard(answer.card_details);
    toast.success(BILLING_TEXT.cardSaved);
  }

  function saveAddresses() {
    updateAddress.mutate(
      {
        service_address: form.serviceAddress,
        billing_address: form.sameBilling ? form.serviceAddress : form.billingAddress,
        sameBilling: form.sameBilling,
      },
      {
        onSuccess: (answer) => {
          dispatch({ type: 'saved', ...answer });
          toast.success(BILLING_TEXT.addressUpdated);
        },
        onError: (error) => {
          // A refusal (4xx) says what to fix; a server fault (5xx) or no answer gets the fixed text.
          const serverMessage =
            error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : null;
          toast.error(serverMessage ?? BILLING_TEXT.addressError);
        },
      },
    );
  }

  // Back from the sandbox's bank page: the card is saved (or its refusal told) without the form.
  useCardAuthenticationReturn((pmId) =>
    saveCard(pmId, true).catch((error: unknown) =>
      toast.error(error instanceof ApiError && error.status > 0 ? error.message : AUTHENTICATION_TEXT.failed),
    ),
  );

  const dirty = isDirty(form);
  return (
    <>
      <AccountBanners flags={data} />

      <section aria-labelledby="card-heading" className={section}>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div className="space-y-2">
            <h2 id="card-heading" className="text-lg font-semibold text-slate-900">
              Credit card
            </h2>
            <CardRow card={data.card_details} />
          </div>
          {cardOpen ? null : (
            <Button onClick={openCardForm}>
              {data.card_details ? BILLING_TEXT.updateCard : BILLING_TEXT.addCard}
            </Button>
          )}
        </div>
        {cardOpen ? (
          <div className="mt-6 border-t border-slate-200 pt-6">
            <CardEntry
              stripePk={data.stripe_pk}
              onPaymentMethod={saveCard}
              onCancel={() => setCardOpen(false)}
            />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="tax-heading" className={section}>
        <h2 id="tax-heading" className="text-lg font-semibold text-slate-900">
          Tax Status
        </h2>
        <p className="mt-2 text-sm text-slate-700" data-testid="tax-status">
          {taxStatusText(data.tax)}
        </p>
      </section>

      <section aria-labelledby="address-heading" className={section}>
        <h2 id="address-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Addresses
        </h2>
        <AddressForm
          state={form}
          dispatch={dispatch}
          saving={updateAddress.isPending}
          onSave={saveAddresses}
        />
      </section>

      <ConfirmModal
        open={savedCard !== null}
        title={BILLING_TEXT.cardSaved}
        body={
          savedCard ? (
            <p>
              Your {brandLabel(savedCard.brand)} card ending in {savedCard.last4} is now on file. Are your
              service and billing addresses correct?
            </p>
          ) : undefined
        }
        confirmLabel="Yes, they are correct"
        cancelLabel="Review addresses"
        onConfirm={() => setSavedCard(null)}
        onCancel={() => {
          setSavedCard(null);
          document.getElementById('service-line1')?.focus();
        }}
      />
      <LeavePrompt when={dirty} />
    </>
  );
}
