import "./stat-card.css";

/** StatCard is one headline figure: a label and its value. */
export function StatCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="stat-card">
      <p className="stat-card__label">{label}</p>
      <p className="stat-card__value">{value}</p>
      {note ? <p className="stat-card__note">{note}</p> : null}
    </div>
  );
}
