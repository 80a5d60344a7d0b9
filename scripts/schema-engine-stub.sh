#!/bin/sh
echo "schema-engine stub: migrations run through @prisma/schema-engine-wasm (src/db/migrate.ts)" >&2
exit 1
