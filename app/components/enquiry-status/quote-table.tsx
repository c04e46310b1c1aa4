export interface ShownQuote {
  kindLabel: string;
  items: { text: string; quantity: number; unit: string; total: string }[];
  total: string;
  vat: string;
  net: string;
  vatPercent: number;
  validUntil: string;
  note: string;
}

/**
 * A price as the customer and the staff read it: the lines with gross prices, the sum incl.
 * MwSt. and the MwSt. it contains (PAngV), how long it holds, and the workshop's note.
 */
export function QuoteTable({ quote, caption }: { quote: ShownQuote; caption: string }) {
  return (
    <div className="quote">
      <p className="quote__kind">{quote.kindLabel}</p>
      <div className="quote__scroll">
        <table className="quote__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col" className="quote__number">
                Menge
              </th>
              <th scope="col" className="quote__number">
                Einzelpreis
              </th>
              <th scope="col" className="quote__number">
                Gesamt
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.items.map((item, index) => (
              <tr key={index}>
                <td>{item.text}</td>
                <td className="quote__number">{item.quantity}</td>
                <td className="quote__number">{item.unit}</td>
                <td className="quote__number">{item.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="quote__sum">
              <th scope="row" colSpan={3}>
                Gesamt inkl. {quote.vatPercent} % MwSt.
              </th>
              <td className="quote__number">{quote.total}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                darin enthaltene MwSt. ({quote.vatPercent} %)
              </th>
              <td className="quote__number">{quote.vat}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                Nettobetrag
              </th>
              <td className="quote__number">{quote.net}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="quote__valid">Gültig bis {quote.validUntil}</p>
      {quote.note ? <p className="quote__note">{quote.note}</p> : null}
    </div>
  );
}
