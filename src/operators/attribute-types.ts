/** Declared type of a searchable attribute (the catalog's `SearchableAttributes[].Type`). */
export type AttributeType = 'Array' | 'Boolean' | 'Number' | 'Object' | 'String' | 'Text' | 'Referenced';

/** Every attribute type, in a stable order (used in messages and tests). */
export const ATTRIBUTE_TYPES: readonly AttributeType[] = ['Number', 'String', 'Text', 'Boolean', 'Referenced', 'Array', 'Object'];
