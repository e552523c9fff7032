/**
 * Catalogs known to be well-formed: returned by loadCatalog, or checked once by
 * catalogArgumentProblems. A WeakSet keeps the check to one lookup per call and does not keep
 * catalogs alive.
 */
export const checkedCatalogs = new WeakSet<object>();
