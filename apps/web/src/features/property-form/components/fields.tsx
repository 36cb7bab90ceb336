import { FormCheckboxes, FormCount, FormSelect, FormText } from '../../../shared/forms/fields';
import type { PropertyFormValues } from '../form-values';

/** The shared form fields, bound to the property form's names. */
export const PropertyText = FormText<PropertyFormValues>;
export const PropertySelect = FormSelect<PropertyFormValues>;
export const PropertyCount = FormCount<PropertyFormValues>;
export const PropertyCheckboxes = FormCheckboxes<PropertyFormValues>;
