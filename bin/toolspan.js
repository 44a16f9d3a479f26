#!/usr/bin/env node
// The installed command. The code lives in dist/ (built by `npm install` through the prepare script).
import("../dist/src/cli/main.js").catch((error) => {
  if (error && error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/src/cli/main.js")) {
    process.stderr.write("toolspan: not built yet; run `npm run build` in the toolspan folder\n");
    process.exit(2);
  }
  throw error;
});
