# Review Challenge: the built app on Node 24, run as the unprivileged `node` user.
# Debian slim, not Alpine: the lockfile holds the glibc builds of the native packages.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY astro.config.mjs tsconfig.json ./
COPY public ./public
COPY src ./src
# The build also makes the embedded database's template from the migrations (src/platform/db/pglite-template.ts).
COPY migrations ./migrations
RUN ASTRO_TELEMETRY_DISABLED=1 npm run build

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    ASTRO_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    GLIBC_TUNABLES=glibc.malloc.trim_threshold=131072
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
# main.ts and the CLI run from source (Node 24 strips the types) and read the migrations at start:
# tests/integration/container-layout.test.ts starts the server from exactly these COPY lines.
COPY main.ts ./
COPY migrations ./migrations
COPY src/cli.ts ./src/cli.ts
COPY src/app ./src/app
COPY src/web ./src/web
COPY src/domain ./src/domain
COPY src/contracts ./src/contracts
COPY src/platform ./src/platform
COPY src/shared ./src/shared
COPY --from=build /app/dist ./dist
# A new /data starts from this copy instead of running initdb and every migration (decision 050).
COPY --from=build /app/database-template ./database-template
# The embedded database (when DATABASE_URL is not set) and its generated secret live in /data.
RUN mkdir -m 700 /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Memory (docs/decisions/046): a small young generation, and (GLIBC_TUNABLES above) malloc without
# its growing mmap threshold, so what compiling PGlite's WebAssembly takes is given back. Start time
# (decision 050): drizzle-orm's own imports resolved without re-reading its manifest. package.json's
# start script says the same (scripts/lib/start-flags.test.ts).
CMD ["node", "--max-semi-space-size=8", "--import=./src/app/resolve-hooks.ts", "main.ts"]
