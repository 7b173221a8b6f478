import { z } from 'zod';
import { orderingTermsSchema } from '../distributors/ordering-terms.schema';
import { MAX_SIGN_UP_LOCATIONS, SIGN_UP_COMPANY_ID } from './signup.rules';

/** Free text of the wizard, bounded so every value fits its column (the §5 rules give the words). */
const text = (label: string, max: number) => z.string().max(max, `${label} is too long (at most ${max} characters).`);

/** The card the browser tokenised with the payment gateway (doc 3 §3 "Sign-up payload" paymentMethod). */
export const signUpPaymentMethodSchema = z.object({
  token: z.string().min(1, 'Please enter your card.').max(200, 'The card token is too long: enter your card again.'),
  cardId: z.string().max(200, 'The card id is too long: enter your card again.').default(''),
});

/** One sales rep and account of a distributor at a location (payload locations[].distributors[]). */
export const signUpDistributorSchema = z.object({
  /** 0: a distributor added by name ("Add '{typed name}'", issue 31), created for this restaurant only. */
  id: z.number().int().min(0).max(2_147_483_647),
  nickname: text('Distributor name', 200).default(''),
  dcn: text('Customer Accounts # (DCN)', 100).default(''),
  email: text('Distributor Sales Rep Email', 254),
  phoneNumber: text('Distributor Sales Rep Phone Number', 40).default(''),
  name: text('Distributor Sales Rep Full Name', 200),
  /** Issue 31, not in doc 3 §3: the account's ordering terms (Monday to Friday, no minimum when absent). */
  orderingTerms: orderingTermsSchema.optional(),
});
export type SignUpDistributor = z.infer<typeof signUpDistributorSchema>;

export const signUpLocationSchema = z.object({
  nickname: text('Location name', 200),
  phoneNumber: text('Location phone number', 40),
  address: text('Location address', 300),
  city: text('Location city', 120),
  state: text('Location state', 2),
  zipcode: text('Location zipcode', 5),
  distributors: z.array(signUpDistributorSchema).max(100).default([]),
});
export type SignUpLocation = z.infer<typeof signUpLocationSchema>;

/**
 * POST sign-up (doc 3 §3 "Sign-up payload", §7). The shape is checked here; the wording of every
 * rule of §5 comes from validateSignUpPayload, one flat list as the wizard shows it.
 */
export const signUpRequestSchema = z.object({
  paymentMethod: signUpPaymentMethodSchema,
  companyId: z.union([z.string(), z.number()]).transform(String).default(SIGN_UP_COMPANY_ID),
  firstName: text('First name', 100),
  lastName: text('Last name', 100),
  /** Owner=0, Chef=1, Jr. Chef=2, General Manager=3. */
  title: z.number().int().min(0, 'Title is required').max(3, 'Title is required').nullable(),
  businessName: text('Business name', 200),
  businessAddress: text('Location address', 300),
  businessCity: text('City', 120),
  /** A two-letter abbreviation. */
  businessState: text('State', 2),
  businessPostcode: text('Zipcode', 5),
  phoneNumber: text('Phone number', 40),
  email: text('Email', 254),
  password: text('Password', 200),
  passwordRepeat: text('Confirm password', 200),
  totalReportingLocations: z.number().int().min(1).max(MAX_SIGN_UP_LOCATIONS),
  locations: z.array(signUpLocationSchema).max(MAX_SIGN_UP_LOCATIONS, `At most ${MAX_SIGN_UP_LOCATIONS} locations.`),
  /** Not in doc 3 §3: the full name typed on step 3 ('Signed by'), kept with the agreement (docs/decisions.md). */
  signedBy: text('Full name', 200).optional(),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;
export type SignUpPayload = z.infer<typeof signUpRequestSchema>;

export const signUpResponseSchema = z.object({
  message: z.string(),
  userId: z.number().int(),
  email: z.string(),
  locationIds: z.array(z.number().int()),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** Distributor search of the wizard (doc 3 §7): search text in, id and nickname out. */
export const signUpDistributorSearchQuerySchema = z.object({
  search: z.string().max(100).default(''),
});
export const signUpDistributorOptionSchema = z.object({ id: z.number().int(), nickname: z.string() });
export type SignUpDistributorOption = z.infer<typeof signUpDistributorOptionSchema>;
