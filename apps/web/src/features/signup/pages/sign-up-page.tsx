import { useEffect, useMemo, useRef, useState } from 'react';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Fieldset.css';
import { ActionIcon, Anchor, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  buildSignUpPayload,
  getActiveSignUpLocations,
  getFailureText,
  resolveSignUpStep,
  SIGN_UP_FAILURE_HEADER,
  SIGN_UP_PRICE_TEXT,
  SIGN_UP_SUCCESS_TEXT,
  SOMETHING_WENT_WRONG_TEXT,
  validateSignUpPayload,
  type GatewayError,
} from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { openMessageModal } from '../../../shared/modals/modal-store';
import {
  getGatewayErrorField,
  isCardTokenError,
  toCardTokenFields,
  tokenizeCard,
  type CardDetailsValues,
} from '../../../shared/payment';
import { AuthFrame } from '../../../ui/auth-frame';
import { useSignUp } from '../api/use-sign-up';
import { AcceptInvite } from '../components/accept-invite';
import { ContactStep } from '../components/contact-step';
import type { ActiveLocation } from '../components/distributor-editor';
import { DistributorsStep } from '../components/distributors-step';
import { LegalStep } from '../components/legal-step';
import { PaymentStep } from '../components/payment-step';
import { reachStep, resetSignUpWizard, useSignUpWizard } from '../components/sign-up-store';

const STEP_LABELS = ['Contact', 'Distributors', 'Legal', 'Payment'];

/**
 * /sign-up/{step} (doc 3 §2.1, §2.11, §4 "Sign-up wizard"): four steps in order, the URL never
 * beyond the furthest step reached (browser back and forward stay consistent), locations of step 1
 * as ?location=n. Done tokenises the card with the gateway and sends the sign-up payload.
 */
export function SignUpPage() {
  const [searchParams] = useSearchParams();
  // A sales rep's invite link opens the same address with its token (doc 3 §4 invite status).
  const invite = searchParams.get('invite');
  return invite ? <AcceptInvite invite={invite} /> : <SignUpWizard />;
}

function SignUpWizard() {
  usePageTitle('Hello, New Friend');
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const { step: stepParam } = useParams();
  const [searchParams] = useSearchParams();
  const furthestStep = useSignUpWizard((s) => s.furthestStep);
  const contact = useSignUpWizard((s) => s.contact);
  const step = resolveSignUpStep(stepParam, furthestStep);
  const requestedLocation = Number(searchParams.get('location') ?? '1');
  const locationNumber =
    Number.isInteger(requestedLocation) && requestedLocation >= 1 && requestedLocation <= contact.locationCount
      ? requestedLocation
      : 1;
  const signUp = useSignUp();
  const [isTokenizing, setIsTokenizing] = useState(false);
  const [gatewayError, setGatewayError] = useState<GatewayError | null>(null);
  /** Set once the wizard is done and on its way to /login, so the step check below does not pull it back. */
  const isLeaving = useRef(false);

  // Going beyond the furthest step reached (typed URL, browser forward after a reset) is pushed back to it.
  useEffect(() => {
    if (isLeaving.current) return;
    if (stepParam !== String(step)) void navigate(`/sign-up/${step}`, { replace: true });
    else if (step === 1 && searchParams.has('location') && String(locationNumber) !== searchParams.get('location')) {
      void navigate(locationNumber === 1 ? '/sign-up/1' : `/sign-up/1?location=${locationNumber}`, { replace: true });
    }
  }, [navigate, step, stepParam, searchParams, locationNumber]);

  const activeLocations: ActiveLocation[] = useMemo(() => {
    const active = new Set(getActiveSignUpLocations(contact));
    return contact.locations
      .slice(0, contact.locationCount)
      .map((l, index) => ({ l, index }))
      .filter(({ l }) => active.has(l))
      .map(({ l, index }) => ({ index, name: l.locationName.trim() || `Location ${index + 1}` }));
  }, [contact]);

  const goToStep = (next: number) => {
    reachStep(next);
    void navigate(`/sign-up/${next}`);
  };
  const goToLocation = (n: number) => void navigate(n === 1 ? '/sign-up/1' : `/sign-up/1?location=${n}`);

  const back = () => {
    if (step === 1) {
      if (locationNumber === 1) void navigate('/login');
      else goToLocation(locationNumber - 1);
    } else if (step === 2) {
      goToLocation(contact.locationCount);
    } else {
      void navigate(`/sign-up/${step - 1}`);
    }
  };

  const fail = (message: string) => openMessageModal({ title: SIGN_UP_FAILURE_HEADER, message });

  const submit = async (card: CardDetailsValues) => {
    const state = useSignUpWizard.getState();
    const draft = buildSignUpPayload(state.contact, state.distributors, { token: '', cardId: '' });
    const problems = validateSignUpPayload(draft);
    if (problems.length) {
      fail(problems[0]);
      return;
    }
    setIsTokenizing(true);
    let paymentMethod: { token: string; cardId: string };
    try {
      const token = await tokenizeCard({
        ...toCardTokenFields(card),
        name: `${draft.firstName} ${draft.lastName}`,
        address_line1: draft.businessAddress,
        address_city: draft.businessCity,
        address_state: draft.businessState,
        address_zip: draft.businessPostcode,
      });
      paymentMethod = { token: token.id, cardId: token.card.id };
    } catch (error) {
      if (isCardTokenError(error) && getGatewayErrorField(error.gatewayError)) setGatewayError(error.gatewayError);
      else fail(isCardTokenError(error) ? error.gatewayError.message : SOMETHING_WENT_WRONG_TEXT);
      return;
    } finally {
      setIsTokenizing(false);
    }
    signUp.mutate(
      { ...draft, paymentMethod, signedBy: state.legal.fullName.trim() },
      {
        onSuccess: () => {
          openMessageModal({
            title: 'Confirmation',
            message: SIGN_UP_SUCCESS_TEXT,
            isDismissible: false,
            onConfirm: () => {
              isLeaving.current = true;
              // The login page starts with the new account's e-mail (issue 31); router state keeps it out of the URL.
              void navigate('/login', { replace: true, state: { email: draft.email.trim() } });
              // The answers (a password among them) are dropped as the wizard closes.
              resetSignUpWizard();
            },
          });
        },
        onError: (error) => {
          const message = isApiError(error)
            ? getFailureText(error.status, error.message, [400, 402, 429])
            : SOMETHING_WENT_WRONG_TEXT;
          fail(message);
        },
      },
    );
  };

  return (
    <AuthFrame width={760}>
      <Stack gap="lg">
        {!isDesktop && (
          <Group gap="xs" wrap="nowrap" component="header" mb={-8}>
            <ActionIcon variant="subtle" size="lg" aria-label="Back" onClick={back}>
              <IconChevronLeft size={22} aria-hidden />
            </ActionIcon>
            <Text fw={700} fz="lg">
              Create Account
            </Text>
          </Group>
        )}
        <Stack gap={4}>
          <Title order={1} fz={26}>
            Hello, New Friend
          </Title>
          <Text c="dimmed">
            Sign up your restaurant in four steps: {SIGN_UP_PRICE_TEXT}.{' '}
            <Anchor component={Link} to="/login" inherit underline="always">
              Already have an account? Sign in
            </Anchor>
          </Text>
        </Stack>
        <Stepper
          active={step - 1}
          size="xs"
          iconSize={28}
          allowNextStepsSelect={false}
          aria-label={`Step ${step} of 4`}
          styles={{ stepBody: isDesktop ? undefined : { display: 'none' } }}
        >
          {STEP_LABELS.map((label, i) => (
            <Stepper.Step key={label} label={label} aria-label={`Step ${i + 1}: ${label}`} allowStepSelect={false} />
          ))}
        </Stepper>
        {step === 1 && (
          <ContactStep
            key={locationNumber}
            locationNumber={locationNumber}
            onGoToLocation={goToLocation}
            onBack={back}
            onDone={() => goToStep(2)}
          />
        )}
        {step === 2 && <DistributorsStep activeLocations={activeLocations} onBack={back} onNext={() => goToStep(3)} />}
        {step === 3 && <LegalStep onBack={back} onNext={() => goToStep(4)} />}
        {step === 4 && (
          <PaymentStep
            isSubmitting={isTokenizing || signUp.isPending}
            gatewayError={gatewayError}
            onGatewayErrorSeen={() => setGatewayError(null)}
            onBack={back}
            onDone={(card) => void submit(card)}
          />
        )}
      </Stack>
    </AuthFrame>
  );
}
