import type { StorybookConfig } from "@storybook/react-vite";

// Storybook for the back office's components: every primitive in src/components/ui and the main
// feature components have stories, and src/stories.test.tsx renders every story in Vitest.
const config: StorybookConfig = {
  stories: ["../src/**/*.stories.tsx"],
  framework: { name: "@storybook/react-vite", options: {} },
  core: { disableTelemetry: true },
};

export default config;
