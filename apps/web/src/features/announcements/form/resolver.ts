import type { z } from 'zod';
import { formResolver } from '../../../shared/forms/resolver';
import { announcementTexts } from '../texts';

/** The shared form resolver on an announcement schema, with the messages of fields left empty. */
export const announcementResolver = <S extends z.ZodObject>(schema: S) =>
  formResolver(schema, { required: announcementTexts.requiredBy });
