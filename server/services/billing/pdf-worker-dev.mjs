// The PDF pool's worker run from the sources (npm run dev, the tests): the thread starts without
// the parent's loaders, so it registers tsx itself before it loads the TypeScript worker. The
// production build runs build/server-app/pdf-worker.js instead (scripts/build.ts).
import { register } from "tsx/esm/api";

register();
const { default: renderPdfTask } = await import("./pdf-worker.ts");
export default renderPdfTask;
