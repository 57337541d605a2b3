// Every story is a test: each renders through the same providers as in Storybook without a
// console error, and a story's `play` function (its interaction) runs and passes.
import { composeStories } from "@storybook/react-vite";
import { describe, expect, it, vi } from "vitest";
import preview from "../.storybook/preview";

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>("./**/*.stories.tsx", { eager: true });

describe.each(Object.entries(modules))("%s", (_file, module) => {
  const stories = Object.entries(composeStories(module, preview)) as [string, { run: () => Promise<void> }][];
  it.each(stories)("%s renders", async (_name, Story) => {
    const errors = vi.spyOn(console, "error");
    await Story.run();
    expect(document.body.textContent).not.toBe("");
    expect(errors).not.toHaveBeenCalled();
  });
});
