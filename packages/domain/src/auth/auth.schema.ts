import { z } from 'zod';
import { idSchema, recordIdSchema } from '../common/input.schema';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './login-form.rules';

/** Role stored on a user; the administrator's label is "Stockpot Admin" (doc 3 §2.2, §6). */
export const userRoles = ['member', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];
export const roleLabels: Record<UserRole, string> = { member: 'Member', admin: 'Stockpot Admin' };

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(EMAIL_MAX_LENGTH, 'Email is too long.')
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'Email is not a valid email address.' }));

/** POST authenticate body (doc 3 §7): email, password, company_id and the fixed client secret. */
export const authenticateRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(200, 'Password is too long.'),
  // Kept as the string the client sends; bounded so it always fits the integer column.
  company_id: recordIdSchema({ type: 'company_id must be a number.' }).transform(String),
  secret: z.string({ error: 'secret is required.' }).min(1, 'secret is required.'),
});
export type AuthenticateRequest = z.input<typeof authenticateRequestSchema>;

/** Branding of the company shown in the shell (doc 3 §3 "Shared client state"). */
export const companySchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  title: z.string(),
  description: z.string(),
  domain: z.string(),
  website: z.string(),
  logo_url: z.string(),
  spinner_image_url: z.string().nullable(),
  favico: z.string(),
  main_color: z.string(),
  secondary_color: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** Flag value as the spec writes them: 0 or 1. */
const flag = z.union([z.literal(0), z.literal(1)]);

/** A location (merchant) with every flag the three documents name (doc 1 §1, doc 2 §6, doc 3 §3). */
export const locationSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** Issue 31: the restaurant's business (the shell names it); `company` is the platform brand. */
  businessName: z.string(),
  timezone: z.string(),
  company: companySchema,
  canPlaceOrder: z.boolean(),
  display_accounting: flag,
  display_recipe_costing: flag,
  display_comparison_view: flag,
  display_shopping_cart: flag,
  display_rebate: flag,
  display_match: flag,
  display_inventory: flag,
  onHandTotal: z.number().int(),
  activeInventory: z.number().int().nullable(),
});
export type Location = z.infer<typeof locationSchema>;

/** The signed-in user (doc 3 §3 "User"). `authKey` is only present in the sign-in answer. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  title: z.string(),
  currentRole: z.enum(userRoles),
  editComparisonView: z.boolean(),
  activeLocation: locationSchema.nullable(),
  locations: z.array(locationSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const signedInUserSchema = currentUserSchema.extend({ authKey: z.string() });
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** PUT users/{id} body to switch the active location (doc 3 §7). */
export const switchLocationRequestSchema = z.object({
  id: idSchema,
  active_location_id: recordIdSchema({
    type: 'active_location_id must be a number.',
    positive: 'active_location_id must be a location id.',
  }),
});
export type SwitchLocationRequest = z.input<typeof switchLocationRequestSchema>;
