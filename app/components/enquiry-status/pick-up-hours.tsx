/** When a finished car can be picked up: the next days as visitors read them (holidays and Sonderzeiten included). */
export function PickUpHours({ days }: { days: { date: string; day: string; hours: string }[] }) {
  return (
    <dl className="pick-up-hours">
      {days.map(({ date, day, hours }) => (
        <div key={date}>
          <dt>{day}</dt>
          <dd>{hours}</dd>
        </div>
      ))}
    </dl>
  );
}
