/** Browser storage keys (SPEC 3, 9). One place, so logout can clear them all. */
export const storageKeys = {
  bearerToken: 'casaoferta.token',
  tempBearerToken: 'casaoferta.impersonation-token',
  impersonatedUser: 'casaoferta.impersonated-user',
  newPropertyDraft: 'casaoferta.new-property-draft',
  tutorialDone: 'casaoferta.tutorial-done',
  cookiePreferences: 'casaoferta.cookie-preferences',
  sessionExpired: 'casaoferta.session-expired',
  /** The offer dialog's "Guardar estos datos en mi perfil" as last chosen (issue 23 point 9). */
  offerSaveToProfile: 'casaoferta.offer-save-to-profile',
  /** The development outbox's token of the local start (decision 027). */
  devToolsToken: 'casaoferta.dev-tools-token',
} as const;
