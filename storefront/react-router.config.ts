import type { Config } from "@react-router/dev/config";

// Every page renders on the server; the browser bundle only enhances it.
export default {
  ssr: true,
  appDirectory: "app",
} satisfies Config;
