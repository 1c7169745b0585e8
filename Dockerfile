# One image for every service process (docs/deployment.md): the command picks the main, e.g.
#   node services/signer/src/main.ts
# Node 24 runs the TypeScript sources directly (type stripping): there is no build step, only the
# production dependencies of the workspace.

# --- install: the workspace's production dependencies, exactly as pnpm-lock.yaml pins them ---
FROM node:24-bookworm-slim AS install
WORKDIR /app
# The version package.json's packageManager names.
RUN corepack enable
# Manifests first, so a source change does not redo the install.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
# the dependency patches pnpm applies at install (pnpm-workspace.yaml, patchedDependencies)
COPY patches ./patches
COPY contracts/package.json contracts/
COPY packages ./packages-manifests
COPY services ./services-manifests
COPY apps ./apps-manifests
COPY bench/package.json bench/
RUN set -eu; \
    for group in packages services apps; do \
      for dir in ./$group-manifests/*/; do \
        name=$(basename "$dir"); mkdir -p "$group/$name"; cp "$dir/package.json" "$group/$name/"; \
      done; \
      rm -rf "./$group-manifests"; \
    done
RUN pnpm install --frozen-lockfile --prod --ignore-scripts

# --- runtime: the sources over the installed node_modules, run as the unprivileged node user ---
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=install /app ./
COPY . .
# Where the DIAN simulator keeps its store (a volume); nothing else in the image is writable.
RUN mkdir -p /var/lib/fe && chown node:node /var/lib/fe
USER node
# Every process's /healthz and /readyz port (FE_HEALTH_PORT in docker-compose.yml).
EXPOSE 9100
STOPSIGNAL SIGTERM
CMD ["node", "services/all-in-one/src/main.ts"]
