import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// A section's first render in a file waits for its lazily loaded code; on a busy two-core CI
// machine that can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
