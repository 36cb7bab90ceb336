import { matchClientRoute } from '@casaoferta/domain/client-routes';
import { paths } from '../../shared/paths';

/** The subpages of /profile (SPEC 2.1). */
export const profilePaths = {
  hub: paths.profile,
  aboutMe: `${paths.profile}/about-me`,
  work: `${paths.profile}/laboral-situation`,
  household: `${paths.profile}/convivence`,
  coHolders: `${paths.profile}/co-titulars`,
  guarantors: `${paths.profile}/guarantors`,
  presentation: `${paths.profile}/presentation`,
  documents: `${paths.profile}/documentation`,
} as const;

/** The documents page comes with its own issue: until the router has it, its card links nowhere. */
export const documentsBuilt = () => matchClientRoute(profilePaths.documents) !== null;

/**
 * Router state that opens the wizard on /profile (the offer confirmation's 'Completar mi perfil' link
 * sends it); the hub drops it once read, so Back or a reload does not open the wizard again.
 */
export const OPEN_WIZARD_STATE = 'openProfileWizard';
