// The API keys section's screen, loaded on the section's first visit (routes.tsx).
export { ApiKeysScreen } from "./api-keys-screen";
