/**
 * The demo data's four accounts, in a module of their own so that tests can sign in with them
 * without loading the seeding code (which needs the server's image pipeline).
 */
export const DEMO_ACCOUNTS = [
  { key: "admin", name: "Admin Maister", email: "admin@maister.local", password: "Kyiv-Brakes-26!", isAdmin: true },
  { key: "user", name: "Ольга Користувач", email: "user@maister.local", password: "Lviv-Tyres-26!", isAdmin: false },
  { key: "owner", name: "Owner Stations", email: "owner@maister.local", password: "Odesa-Gears-26!", isAdmin: false },
  {
    key: "mechanic",
    name: "Микола Майстер",
    email: "mechanic@maister.local",
    password: "Dnipro-Oil-26!",
    isAdmin: false,
  },
] as const;

/**
 * The demo admin's authenticator key (admins must have two-step verification on): add it to an
 * authenticator app, or compute the code with otpauth. For local use only, like the passwords.
 */
export const DEMO_ADMIN_TOTP_SECRET = "JBSWY3DPEHPK3PXP";
