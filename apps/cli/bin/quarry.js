#!/usr/bin/env node
// Entry point for `quarry` / `npx quarry`: runs the built CLI (npm run build first).
import { runFromProcess } from '../dist/main.js';

await runFromProcess();
