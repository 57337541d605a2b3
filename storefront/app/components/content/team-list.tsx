// The three people behind the shop, each with a drawn monogram portrait instead of a photograph.

type Member = { name: string; initials: string; role: string; bio: string };

export const team: readonly Member[] = [
  {
    name: "Eleanor Hartley",
    initials: "EH",
    role: "Founder & Director",
    bio: "Eleanor spent fifteen years buying beauty for London's great department stores before opening Atelier London. She still chooses every product on our shelves herself, and is in the boutique most Saturdays.",
  },
  {
    name: "Dr Amara Okafor",
    initials: "AO",
    role: "Head of Formulation Science",
    bio: "A cosmetic scientist by training, Amara reads every formula we consider, ingredient by ingredient, so that what we recommend rests on evidence rather than promises.",
  },
  {
    name: "Julien Marchand",
    initials: "JM",
    role: "Client Care Manager",
    bio: "Julien trained as a facialist in Lyon before moving to London. He and his team answer your questions, build routines with you and see that every parcel leaves wrapped as a gift.",
  },
];

export function TeamList() {
  return (
    <ul className="team">
      {team.map((m, i) => (
        <li key={m.name} className="team__member">
          <div className={`monogram monogram--${(i % 3) + 1}`} aria-hidden="true">
            <span>{m.initials}</span>
          </div>
          <h3>{m.name}</h3>
          <p className="team__role">{m.role}</p>
          <p>{m.bio}</p>
        </li>
      ))}
    </ul>
  );
}
