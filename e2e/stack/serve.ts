// `npm run stack`: the suite's stack on its own, for writing and debugging specs. Prints the URLs
// and runs until Ctrl-C; meanwhile `E2E_BASE_URL=… E2E_API_URL=… npx playwright test` reuses it.
import { startStack } from "./stack.ts";

const stack = await startStack();
console.log(
  `\n  storefront   ${stack.baseURL}\n  back office  ${stack.backofficeURL}\n  API          ${stack.apiURL}\n  mail         ${stack.mailURL}/api/messages\n\n  E2E_BASE_URL=${stack.baseURL} E2E_API_URL=${stack.apiURL} E2E_MAIL_URL=${stack.mailURL} npx playwright test\n  Stop with Ctrl-C\n`,
);
let stopping = false;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    stack.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
