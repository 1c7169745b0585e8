/** The invoice every bench issues: five lines with IVA, a company buyer with an email (so it is mailed). */
export const benchRequest = {
  customer: {
    document_type: '31',
    document_number: '900108281',
    name: 'Cliente de Ejemplo S.A.S.',
    email: 'compras@cliente.example',
  },
  lines: Array.from({ length: 5 }, (_, i) => ({
    code: `P-${i}`,
    name: `Producto ${i}`,
    quantity: i + 1,
    unit_price: 1000 * (i + 1),
    taxes: [{ code: '01', name: 'IVA', rate: 19 }],
  })),
  payment: { method_code: '10' },
};
