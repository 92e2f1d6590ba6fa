// Checks a document against AsyncAPI 3.0.0's own JSON Schema (the @asyncapi/specs package, the one
// @asyncapi/cli and @asyncapi/parser validate with), with Ajv: node validate.mjs DOCUMENT.json.
// Prints every error and exits 1 when the document is not valid AsyncAPI 3.0.0.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv from "ajv";
import addFormats from "ajv-formats";

const require = createRequire(import.meta.url);
const schema = require("@asyncapi/specs/schemas/3.0.0-without-$id.json");
const document = JSON.parse(readFileSync(process.argv[2], "utf8"));

// Not strict: the AsyncAPI schema uses keywords of its own beside JSON Schema's.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
addFormats(ajv);
const validate = ajv.compile(schema);
if (!validate(document)) {
  for (const e of validate.errors) {
    console.error(`${e.instancePath || "/"}: ${e.message} ${JSON.stringify(e.params)}`);
  }
  console.error(`FAIL: ${process.argv[2]} is not valid AsyncAPI 3.0.0`);
  process.exit(1);
}
const messages = Object.keys(document.components.messages).length;
console.log(`ok: AsyncAPI ${document.asyncapi}, ${messages} messages, valid against the 3.0.0 schema`);
