import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// A route's first render in a file waits for its modules; on a busy two-core CI machine that can
// take longer than Testing Library's default second (the back office does the same).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
