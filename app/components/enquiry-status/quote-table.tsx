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
 * A price as the customer and the staff read it: the lines with gross prices (quantity and unit
 * price under the text, so two columns fit a 390 px phone), the sum incl. MwSt. and the MwSt. it
 * contains (PAngV), how long it holds, and the workshop's note.
 */
export function QuoteTable({ quote, caption }: { quote: ShownQuote; caption: string }) {
  return (
    <div className="quote">
      <p className="quote__kind">{quote.kindLabel}</p>
      <table className="quote__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Position</th>
            <th scope="col" className="quote__number">
              Betrag
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.items.map((item, index) => (
            <tr key={index}>
              <td>
                {item.text}
                <span className="quote__each">
                  {item.quantity} × {item.unit}
                </span>
              </td>
              <td className="quote__number">{item.total}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="quote__sum">
            <th scope="row">Gesamt inkl. {quote.vatPercent} % MwSt.</th>
            <td className="quote__number">{quote.total}</td>
          </tr>
          <tr>
            <th scope="row">darin enthaltene MwSt. ({quote.vatPercent} %)</th>
            <td className="quote__number">{quote.vat}</td>
          </tr>
          <tr>
            <th scope="row">Nettobetrag</th>
            <td className="quote__number">{quote.net}</td>
          </tr>
        </tfoot>
      </table>
      <p className="quote__valid">Gültig bis {quote.validUntil}</p>
      {quote.note ? <p className="quote__note">{quote.note}</p> : null}
    </div>
  );
}
