/**
 * Brazilian documents as people read them on paper: CPF 000.000.000-00, CNPJ
 * 00.000.000/0000-00, CEP 00000-000. Anything that is not of those lengths is printed as given.
 */
export function formatTaxId(taxId: string): string {
  const d = taxId.replace(/\D/g, '');
  if (d.length === 11) return d.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (d.length === 14) return d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return taxId;
}

/** CEP 00000-000 (an address without one prints nothing). */
export function formatCep(cep: string | undefined): string {
  const d = (cep ?? '').replace(/\D/g, '');
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : (cep ?? '');
}
