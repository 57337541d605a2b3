// The users section's screen, loaded on the section's first visit (routes.tsx).
import "./users.css";

export { UsersTable } from "./users-table";
