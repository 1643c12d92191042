/** The signup phone mask (99) 99999-9999 (spec section 5): digits only, at most 11, formatted as typed. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 11);
  if (digits.length === 0) return "";
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  // Ten digits (landline) split 4-4, eleven (mobile) 5-4.
  const head = rest.length > 8 ? rest.slice(0, 5) : rest.slice(0, 4);
  const tail = rest.slice(head.length);
  return tail ? `(${area}) ${head}-${tail}` : `(${area}) ${head}`;
}
