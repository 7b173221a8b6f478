import { useState } from 'react';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import {
  cardBrandLabels,
  detectCardBrand,
  formatCardExpiryInput,
  formatCardNumber,
  getCvcLength,
  getMaxCardNumberLength,
  normalizeCardNumber,
  parseCardExpiry,
  toYearMonth,
  validateCardDetails,
  validateCardNickname,
  NICKNAME_MAX_LENGTH,
  type GatewayError,
} from '@stockpot/domain';

export interface CardDetailsValues {
  /** As shown: digits grouped with spaces. */
  number: string;
  /** As shown: "MM / YY". */
  expiry: string;
  cvc: string;
  nickname: string;
}

export const EMPTY_CARD_DETAILS: CardDetailsValues = { number: '', expiry: '', cvc: '', nickname: '' };

type CardField = 'number' | 'expiry' | 'cvc';

/** Which field a gateway refusal is about (its `param`). */
export function getGatewayErrorField(error: GatewayError): CardField | null {
  if (error.param === 'number') return 'number';
  if (error.param === 'exp_month' || error.param === 'exp_year') return 'expiry';
  if (error.param === 'cvc') return 'cvc';
  return null;
}

/** The card fields as the gateway wants them. */
export function toCardTokenFields(values: CardDetailsValues) {
  const expiry = parseCardExpiry(values.expiry);
  return {
    number: normalizeCardNumber(values.number),
    exp_month: expiry?.month ?? '',
    exp_year: expiry?.year ?? '',
    cvc: values.cvc.trim(),
  };
}

/** Card problems by field, with the provider's words, and whether the card can go to the gateway. */
export function checkCardDetails(values: CardDetailsValues) {
  const expiry = parseCardExpiry(values.expiry);
  const errors = validateCardDetails(
    { number: values.number, expMonth: expiry?.month ?? null, expYear: expiry?.year ?? null, cvc: values.cvc },
    toYearMonth(new Date()),
  );
  const nicknameError = validateCardNickname(values.nickname);
  return { errors, nicknameError, isValid: !errors.number && !errors.expiry && !errors.cvc && !nicknameError };
}

interface CardDetailsFieldsProps {
  values: CardDetailsValues;
  onChange: (values: CardDetailsValues) => void;
  /** The gateway's refusal from the last save, shown under its field until that field changes. */
  gatewayError: GatewayError | null;
  onGatewayErrorSeen: () => void;
  /** The optional nickname of a saved card; off where the card is only paid with (sign-up). */
  withNickname?: boolean;
}

/**
 * Card number, expiry, security code and nickname ('Step 1 of 2'). Each card field shows the
 * provider's own message once it is left or complete, the same words the gateway would answer.
 */
export function CardDetailsFields({
  values,
  onChange,
  gatewayError,
  onGatewayErrorSeen,
  withNickname = true,
}: CardDetailsFieldsProps) {
  const [touched, setTouched] = useState<Record<CardField, boolean>>({ number: false, expiry: false, cvc: false });
  const digits = normalizeCardNumber(values.number);
  const brand = detectCardBrand(digits);
  const cvcLength = getCvcLength(brand);
  const { errors, nicknameError } = checkCardDetails(values);
  const gatewayField = gatewayError ? getGatewayErrorField(gatewayError) : null;

  // A field speaks up once it is left, or as soon as what it holds is complete and still wrong.
  const isComplete: Record<CardField, boolean> = {
    number: errors.number !== null && errors.number.code !== 'incomplete_number',
    expiry: parseCardExpiry(values.expiry) !== null,
    cvc: values.cvc.length >= cvcLength,
  };
  const shownError = (field: CardField) => {
    if (gatewayField === field) return gatewayError?.message;
    return touched[field] || isComplete[field] ? errors[field]?.message : undefined;
  };
  const update = (field: keyof CardDetailsValues, value: string) => {
    if (gatewayField === field) onGatewayErrorSeen();
    onChange({ ...values, [field]: value });
  };
  const leave = (field: CardField) => setTouched((t) => ({ ...t, [field]: true }));

  return (
    <Stack gap="sm">
      <TextInput
        label="Card number"
        placeholder="1234 1234 1234 1234"
        autoComplete="cc-number"
        inputMode="numeric"
        withAsterisk
        value={values.number}
        onChange={(e) => {
          const typed = normalizeCardNumber(e.currentTarget.value).replace(/\D/g, '');
          update('number', formatCardNumber(typed.slice(0, getMaxCardNumberLength(detectCardBrand(typed)))));
        }}
        onBlur={() => leave('number')}
        error={shownError('number')}
        leftSection={<IconCreditCard size={18} aria-hidden />}
        rightSection={
          brand !== 'unknown' ? (
            <Text size="xs" c="dimmed" aria-hidden>
              {cardBrandLabels[brand]}
            </Text>
          ) : null
        }
        rightSectionWidth={brand === 'amex' ? 120 : 90}
        rightSectionPointerEvents="none"
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Expiration date"
          placeholder="MM / YY"
          autoComplete="cc-exp"
          inputMode="numeric"
          withAsterisk
          value={values.expiry}
          onChange={(e) => {
            const typed = e.currentTarget.value;
            // Deleting back over the " / " should remove a digit, not leave the separator behind.
            const isDeleting = typed.length < values.expiry.length;
            update('expiry', isDeleting ? typed.replace(/\s*\/\s*$/, '') : formatCardExpiryInput(typed));
          }}
          onBlur={() => leave('expiry')}
          error={shownError('expiry')}
        />
        <TextInput
          label="Security code (CVC)"
          placeholder={`${cvcLength} digits`}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          withAsterisk
          value={values.cvc}
          onChange={(e) => update('cvc', e.currentTarget.value.replace(/\D/g, ''))}
          onBlur={() => leave('cvc')}
          error={shownError('cvc')}
        />
      </SimpleGrid>
      {withNickname && (
        <TextInput
          label="Nickname"
          description="Optional, e.g. Kitchen Visa"
          maxLength={NICKNAME_MAX_LENGTH}
          value={values.nickname}
          onChange={(e) => update('nickname', e.currentTarget.value)}
          error={nicknameError}
        />
      )}
    </Stack>
  );
}
