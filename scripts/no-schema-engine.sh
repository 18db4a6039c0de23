#!/bin/sh
# Stand-in for Prisma's native schema engine, which is downloaded from outside the npm registry and
# so cannot be installed here. `prisma generate` only needs the path to exist; every command that
# would really need the engine (migrate, db push) fails loudly instead of silently doing nothing.
echo "prisma schema engine is not available: migrations are plain SQL applied by lib/db/migrate.ts" >&2
exit 1
