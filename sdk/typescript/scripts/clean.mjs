// Removes the previous build, so a deleted source file leaves no stale output behind.
import { rmSync } from "node:fs";

rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
