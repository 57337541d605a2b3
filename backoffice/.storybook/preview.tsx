import type { Preview } from "@storybook/react-vite";
import "../src/styles/app.css";
import { withProviders } from "../src/testing/story-providers";

const preview: Preview = {
  decorators: [withProviders],
  parameters: { layout: "padded" },
};

export default preview;
